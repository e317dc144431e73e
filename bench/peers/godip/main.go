// Side-by-side harness: godip (github zond/godip) on the Arbiter peer-agreed movement corpus.
// go run ./cmd/corpusbench [CORPUS] [ROUNDS] [SECONDS]
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/zond/godip"
	"github.com/zond/godip/orders"
	"github.com/zond/godip/state"
	"github.com/zond/godip/variants/classical"
	"github.com/zond/godip/variants/classical/start"
)

type unitJ struct{ Nation, Type, Loc string }
type record struct {
	Phase         string
	Units         []unitJ
	SupplyCenters map[string]string `json:"supply_centers"`
	Orders        []string
	Result        struct {
		Units          []unitJ
		Dislodged      []unitJ
		RetreatOptions map[string][]string `json:"retreat_options"`
	}
}

var nat = map[string]godip.Nation{"AUS": godip.Austria, "ENG": godip.England, "FRA": godip.France, "GER": godip.Germany, "ITA": godip.Italy, "RUS": godip.Russia, "TUR": godip.Turkey}
var toG = map[string]string{"lyo": "gol", "mao": "mid", "nao": "nat", "nwg": "nrg"}
var fromG = map[string]string{"gol": "lyo", "mid": "mao", "nat": "nao", "nrg": "nwg"}

func g(p string) godip.Province {
	if x, ok := toG[p]; ok {
		return godip.Province(x)
	}
	if len(p) == 6 {
		if x, ok := toG[p[:3]]; ok {
			return godip.Province(x + p[3:])
		}
	}
	return godip.Province(p)
}
func c(p godip.Province) string {
	s := string(p)
	if x, ok := fromG[s]; ok {
		return x
	}
	return s
}

type ph struct {
	phase   godip.Phase
	units   map[godip.Province]godip.Unit
	scs     map[godip.Province]godip.Nation
	bits    [][]string // godip's textual order form, e.g. [lon Move nth]
	rec     record
}

func parsePhase(s string) godip.Phase {
	se := godip.Spring
	if s[0] == 'F' {
		se = godip.Fall
	}
	y, _ := strconv.Atoi(s[1:5])
	return classical.NewPhase(y, se, godip.Movement)
}

// corpus notation -> godip bits
func toBits(o string) []string {
	t := strings.Fields(o)[2:] // drop nation, unit type
	src := string(g(t[0]))
	switch t[1] {
	case "H":
		return []string{src, "Hold"}
	case "-":
		if len(t) == 4 && t[3] == "via" {
			return []string{src, "MoveViaConvoy", string(g(t[2]))}
		}
		return []string{src, "Move", string(g(t[2]))}
	case "S":
		if len(t) == 4 { // S A par
			p := string(g(t[3]))
			return []string{src, "Support", p, p}
		}
		return []string{src, "Support", string(g(t[3])), string(g(t[5]))}
	case "C":
		return []string{src, "Convoy", string(g(t[3])), string(g(t[5]))}
	}
	panic(o)
}

func cpu() float64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return float64(ru.Utime.Sec+ru.Stime.Sec) + float64(ru.Utime.Usec+ru.Stime.Usec)*1e-6
}

func main() {
	path := "corpus.jsonl"
	rounds, secs := 5, 2.0
	if len(os.Args) > 1 {
		path = os.Args[1]
	}
	if len(os.Args) > 2 {
		rounds, _ = strconv.Atoi(os.Args[2])
	}
	if len(os.Args) > 3 {
		secs, _ = strconv.ParseFloat(os.Args[3], 64)
	}
	f, err := os.Open(path)
	if err != nil {
		panic(err)
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	var phases []*ph
	for sc.Scan() {
		var r record
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			panic(err)
		}
		p := &ph{phase: parsePhase(r.Phase), units: map[godip.Province]godip.Unit{}, scs: map[godip.Province]godip.Nation{}, rec: r}
		for _, u := range r.Units {
			ty := godip.Army
			if u.Type == "F" {
				ty = godip.Fleet
			}
			p.units[g(u.Loc)] = godip.Unit{Type: ty, Nation: nat[u.Nation]}
		}
		for k, v := range r.SupplyCenters {
			p.scs[g(k)] = nat[v]
		}
		for _, o := range r.Orders {
			p.bits = append(p.bits, toBits(o))
		}
		phases = append(phases, p)
	}
	n := len(phases)
	graph := start.Graph() // built once; shared by every state
	fmt.Printf("godip: %d phases loaded\n", n)

	// Parsed orders, built once: only a parse check here (see the note at the bench).
	parsed := make([]map[godip.Province]godip.Adjudicator, n)
	for i, p := range phases {
		parsed[i] = map[godip.Province]godip.Adjudicator{}
		for _, b := range p.bits {
			a, err := classical.Parser.Parse(b)
			if err != nil {
				panic(err)
			}
			parsed[i][godip.Province(b[0])] = a
		}
	}

	run := func(i int, text bool) *state.State {
		p := phases[i]
		s := state.New(graph, p.phase, classical.BackupRule, nil, nil)
		s.SetUnits(p.units)
		s.SetSupplyCenters(p.scs)
		if text {
			os := make(map[godip.Province]godip.Adjudicator, len(p.bits))
			for _, b := range p.bits {
				a, _ := classical.Parser.Parse(b)
				os[godip.Province(b[0])] = a
			}
			s.SetOrders(os)
		} else {
			s.SetOrders(parsed[i])
		}
		if err := s.Next(); err != nil {
			panic(err)
		}
		return s
	}

	// ---- agreement
	provs := graph.Provinces()
	agree, au, ad, ar, shown := 0, 0, 0, 0, 0
	for i, p := range phases {
		s := run(i, true)
		got, want, gotd, wantd := map[string]bool{}, map[string]bool{}, map[string]bool{}, map[string]bool{}
		gotr, wantr := map[string]string{}, map[string]string{}
		for prov, u := range s.Units() {
			got[fmt.Sprintf("%s %s %s", u.Nation, u.Type, c(prov))] = true
		}
		for _, u := range p.rec.Result.Units {
			ty := godip.Army
			if u.Type == "F" {
				ty = godip.Fleet
			}
			want[fmt.Sprintf("%s %s %s", nat[u.Nation], ty, u.Loc)] = true
		}
		for prov, u := range s.Dislodgeds() {
			var opts []string
			ok := map[string]bool{}
			for _, dst := range provs {
				if u.Type == godip.Army && strings.Contains(string(dst), "/") {
					continue // an army's retreat names the province
				}
				m := orders.Move(prov, dst)
				if _, err := m.Validate(s); err == nil {
					ok[c(dst)] = true
				}
			}
			for d := range ok {
				if u.Type == godip.Fleet && !strings.Contains(d, "/") && (ok[d+"/nc"] || ok[d+"/sc"] || ok[d+"/ec"]) {
					continue // a fleet's retreat to a split-coast province names the coast
				}
				opts = append(opts, d)
			}
			if len(opts) > 0 {
				sort.Strings(opts)
				gotd[fmt.Sprintf("%s %s %s", u.Nation, u.Type, c(prov))] = true
				gotr[c(prov)[:3]] = strings.Join(opts, ",")
			}
		}
		for _, u := range p.rec.Result.Dislodged {
			ty := godip.Army
			if u.Type == "F" {
				ty = godip.Fleet
			}
			wantd[fmt.Sprintf("%s %s %s", nat[u.Nation], ty, u.Loc)] = true
		}
		for k, v := range p.rec.Result.RetreatOptions {
			vv := append([]string{}, v...)
			sort.Strings(vv)
			wantr[k[:3]] = strings.Join(vv, ",")
		}
		eq := func(a, b map[string]bool) bool {
			if len(a) != len(b) {
				return false
			}
			for k := range a {
				if !b[k] {
					return false
				}
			}
			return true
		}
		eqs := func(a, b map[string]string) bool {
			if len(a) != len(b) {
				return false
			}
			for k, v := range a {
				if b[k] != v {
					return false
				}
			}
			return true
		}
		ou, od, or := eq(got, want), eq(gotd, wantd), eqs(gotr, wantr)
		if ou {
			au++
		}
		if od {
			ad++
		}
		if or {
			ar++
		}
		if ou && od && or {
			agree++
		} else if shown < 5 {
			shown++
			fmt.Printf("  mismatch line %d %s: units %v dislodged %v retreats %v\n    godip %v %v\n    corpus %v %v\n", i+1, p.rec.Phase, ou, od, or, gotd, gotr, wantd, wantr)
		}
	}
	fmt.Printf("agreement: %d / %d phases (units after %d, dislodged %d, retreat options %d)\n", agree, n, au, ad, ar)

	bench := func(name string, text bool) {
		pass := func() {
			for i := range phases {
				run(i, text)
			}
		}
		t0 := time.Now()
		for time.Since(t0).Seconds() < 1 {
			pass()
		}
		var rates, cpurates []float64
		for r := 0; r < rounds; r++ {
			done := 0
			c0 := cpu()
			a := time.Now()
			var el float64
			for {
				pass()
				done += n
				el = time.Since(a).Seconds()
				if el >= secs {
					break
				}
			}
			rates = append(rates, float64(done)/el)
			cpurates = append(cpurates, float64(done)/(cpu()-c0))
		}
		raw := fmt.Sprint(rates)
		sort.Float64s(rates)
		sort.Float64s(cpurates)
		fmt.Printf("%-60s median %7.0f phases/s (min %.0f, max %.0f, %d rounds of >=%.1fs) %s\n", name, rates[len(rates)/2], rates[0], rates[len(rates)-1], rounds, secs, raw)
		fmt.Printf("%-60s median %7.0f phases per CPU-second (min %.0f, max %.0f; GC threads included)\n", "", cpurates[len(cpurates)/2], cpurates[0], cpurates[len(cpurates)-1])
	}
	// godip's Validate rewrites an order's provinces in place (and blanks them for a unit that
	// is not there), so order objects are not reused: they are built each phase from godip's
	// token form with classical.Parser.Parse, as a godip server does.
	bench("T: new state + units/SCs + Parse(tokens) + SetOrders + Next()", true)
}
