// Side-by-side harness: dipcc (facebookresearch/diplomacy_cicero, dipcc/) on the
// Arbiter peer-agreed movement corpus. Build: see build.sh beside this file.
// Usage: dipcc_bench CORPUS.jsonl [rounds=5] [seconds_per_round=2]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <set>
#include <string>
#include <vector>
#include <ctime>

#include "game_state.h"
#include "loc.h"
#include "order.h"
#include "phase.h"
#include "power.h"
#include "thirdparty/nlohmann/json.hpp"

using namespace dipcc;
using nlohmann::json;
using Orders = std::unordered_map<Power, std::vector<Order>>;

static Power nation(const std::string &s) {
  static const std::map<std::string, Power> m{
      {"AUS", Power::AUSTRIA}, {"ENG", Power::ENGLAND}, {"FRA", Power::FRANCE},
      {"GER", Power::GERMANY}, {"ITA", Power::ITALY},   {"RUS", Power::RUSSIA},
      {"TUR", Power::TURKEY}};
  return m.at(s);
}
static std::string upper(std::string s) {
  for (auto &c : s) c = toupper(c);
  return s;
}
static std::string lower(std::string s) {
  for (auto &c : s) c = tolower(c);
  return s;
}
static std::string unit_key(Power p, UnitType t, Loc l) {
  static const char *abbr[] = {"", "AUS", "ENG", "FRA", "GER", "ITA", "RUS", "TUR"};
  return std::string(abbr[static_cast<int>(p)]) + " " + (t == UnitType::ARMY ? "A" : "F") + " " + lower(loc_str(l));
}

struct Phase_ {
  GameState state;   // units, centres, phase; legal orders not loaded
  Orders orders;     // structured (parsed untimed)
  std::vector<std::pair<Power, std::string>> text; // MILA-notation strings
  json result;
};

int main(int argc, char **argv) {
  const char *path = argc > 1 ? argv[1] : "corpus.jsonl";
  int rounds = argc > 2 ? atoi(argv[2]) : 5;
  double secs = argc > 3 ? atof(argv[3]) : 2.0;

  std::vector<Phase_> phases;
  std::ifstream in(path);
  std::string line;
  size_t parse_errors = 0;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    json j = json::parse(line);
    Phase_ ph;
    ph.state.set_phase(Phase(j["phase"].get<std::string>()));
    for (auto &u : j["units"])
      ph.state.set_unit(nation(u["nation"]), u["type"] == "A" ? UnitType::ARMY : UnitType::FLEET,
                        loc_from_str(upper(u["loc"])));
    std::map<Loc, Power> centers;
    for (auto &[k, v] : j["supply_centers"].items()) centers[loc_from_str(upper(k))] = nation(v);
    ph.state.set_centers(centers);
    // MILA/dipcc notation names a supported or convoyed fleet with its coast
    // ("F LVN S F STP/SC - BOT"); the corpus names the province. Add the coast
    // from the board here (untimed notation conversion).
    std::map<std::string, std::string> coastal;
    for (auto &u : j["units"]) {
      std::string l = u["loc"];
      if (l.size() == 6) coastal[l.substr(0, 3)] = l;
    }
    for (auto &o : j["orders"]) {
      std::string s = o.get<std::string>();
      Power p = nation(s.substr(0, 3));
      std::string body = s.substr(4);
      if (body.size() > 14 && (body[body.size() > 0 ? 6 + (body[5] == '/' ? 3 : 0) : 0] == 'S' || body[6 + (body[5] == '/' ? 3 : 0)] == 'C')) {
        size_t k = 6 + (body[5] == '/' ? 3 : 0) + 4; // start of target loc after "S A "
        std::string tl = body.substr(k, 3);
        if (coastal.count(tl) && (k + 3 == body.size() || body[k + 3] == ' '))
          body = body.substr(0, k) + coastal[tl] + body.substr(k + 3);
      }
      std::string t = upper(body);
      ph.text.push_back({p, t});
      try {
        ph.orders[p].push_back(Order(t));
      } catch (std::exception &e) {
        ++parse_errors;
      }
    }
    ph.result = j["result"];
    phases.push_back(std::move(ph));
  }
  size_t n = phases.size();
  printf("dipcc: %zu phases loaded, %zu order parse errors\n", n, parse_errors);

  // ---- agreement with corpus result (units after, dislodged, retreat options)
  size_t agree = 0, agree_units = 0, agree_disl = 0, agree_retreats = 0;
  int shown = 0;
  FILE *mm = fopen("dipcc_mismatches.txt", "w");
  for (size_t idx = 0; idx < phases.size(); ++idx) {
    auto &ph = phases[idx];
    GameState s = ph.state;
    GameState next = s.process(ph.orders);
    std::set<std::string> got, want, gotd, wantd;
    for (auto &[loc, u] : next.get_units()) got.insert(unit_key(u.power, u.type, u.loc));
    for (auto &u : ph.result["units"]) want.insert(u["nation"].get<std::string>() + " " + u["type"].get<std::string>() + " " + u["loc"].get<std::string>());
    // retreats: legal R orders of the retreat phase
    std::map<std::string, std::set<std::string>> gotr, wantr;
    auto dis = next.get_dislodged_units();
    if (!dis.empty()) {
      auto &apo = next.get_all_possible_orders();
      for (auto &u : dis) {
        std::string rl = lower(loc_str(root_loc(u.loc)));
        gotr[rl];
        auto it = apo.find(u.loc);
        if (it != apo.end())
          for (auto &o : it->second)
            if (o.get_type() == OrderType::R) gotr[rl].insert(lower(loc_str(o.get_dest())));
      }
    }
    // the corpus lists only dislodged units that have somewhere to retreat
    for (auto &u : dis)
      if (!gotr[lower(loc_str(root_loc(u.loc)))].empty()) gotd.insert(unit_key(u.power, u.type, u.loc));
      else gotr.erase(lower(loc_str(root_loc(u.loc))));
    for (auto &u : ph.result["dislodged"]) {
      std::string k = u["nation"].get<std::string>() + " " + u["type"].get<std::string>() + " " + u["loc"].get<std::string>();
      wantd.insert(k);
    }
    for (auto &[k, v] : ph.result["retreat_options"].items()) {
      std::string rk = k.substr(0, 3);
      wantr[rk];
      for (auto &d : v) wantr[rk].insert(d.get<std::string>());
    }
    // corpus keys retreat options by the unit's loc; normalise to root loc for both
    bool ou = got == want, od = gotd == wantd, orr = gotr == wantr;
    agree_units += ou; agree_disl += od; agree_retreats += orr;
    if (ou && od && orr) ++agree;
    else fprintf(mm, "%zu %d %d %d\n", idx, (int)ou, (int)od, (int)orr);
    if (ou && od && orr) {}
    else if (shown++ < 5) {
      printf("  mismatch line %zu phase %s: units %d dislodged %d retreats %d\n",
             idx + 1, ph.state.get_phase().to_string().c_str(), ou, od, orr);
      for (auto &x : got) if (!want.count(x)) printf("    dipcc only: %s\n", x.c_str());
      for (auto &x : want) if (!got.count(x)) printf("    corpus only: %s\n", x.c_str());
      for (auto &[k, v] : gotr) { printf("    dipcc retreat %s:", k.c_str()); for (auto &d : v) printf(" %s", d.c_str()); printf("\n"); }
      for (auto &[k, v] : wantr) { printf("    corpus retreat %s:", k.c_str()); for (auto &d : v) printf(" %s", d.c_str()); printf("\n"); }
    }
  }
  fclose(mm);
  printf("agreement: %zu / %zu phases (units after %zu, dislodged %zu, retreat options %zu)\n", agree, n,
         agree_units, agree_disl, agree_retreats);

  using clk = std::chrono::steady_clock;
  volatile size_t sink = 0;
  auto bench = [&](const char *name, auto pass) {
    // warm-up
    auto t0 = clk::now();
    while (std::chrono::duration<double>(clk::now() - t0).count() < 1.0) pass();
    std::vector<double> rates, cpurates;
    auto cpu = [] { timespec ts; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts); return ts.tv_sec + ts.tv_nsec * 1e-9; };
    for (int r = 0; r < rounds; ++r) {
      size_t done = 0;
      double c0 = cpu();
      auto a = clk::now();
      double el = 0;
      do {
        pass();
        done += n;
        el = std::chrono::duration<double>(clk::now() - a).count();
      } while (el < secs);
      rates.push_back(done / el);
      cpurates.push_back(done / (cpu() - c0));
    }
    std::vector<double> s = rates;
    std::sort(s.begin(), s.end());
    printf("%-58s median %9.0f phases/s  (min %.0f, max %.0f, %d rounds of >=%.1fs)  [", name, s[s.size() / 2], s.front(), s.back(), rounds, secs);
    for (double x : rates) printf(" %.0f", x);
    printf(" ]\n");
    std::sort(cpurates.begin(), cpurates.end());
    printf("%-58s median %9.0f phases per CPU-second (min %.0f, max %.0f)\n", "", cpurates[cpurates.size() / 2], cpurates.front(), cpurates.back());
    fflush(stdout);
  };

  // (A) legal-order generation (= dipcc's validation) + adjudication + next state
  bench("A: process(structured orders) incl. legal-order gen", [&] {
    for (auto &ph : phases) {
      ph.state.clear_all_possible_orders();
      GameState next = ph.state.process(ph.orders);
      sink = sink + next.get_units().size();
    }
  });
  // (B) legal orders precomputed (untimed): membership check + adjudication + next state
  for (auto &ph : phases) ph.state.get_all_possible_orders();
  bench("B: process(structured orders), legal orders precomputed", [&] {
    for (auto &ph : phases) {
      GameState next = ph.state.process(ph.orders);
      sink = sink + next.get_units().size();
    }
  });
  // (L) legal-order generation alone
  bench("L: legal-order generation alone", [&] {
    for (auto &ph : phases) {
      ph.state.clear_all_possible_orders();
      sink = sink + ph.state.get_all_possible_orders().size();
    }
  });
  // (T) text: Order(string) parse of every order + A
  bench("T: parse order strings + A", [&] {
    for (auto &ph : phases) {
      Orders o;
      for (auto &[p, s] : ph.text) o[p].emplace_back(s);
      ph.state.clear_all_possible_orders();
      GameState next = ph.state.process(o);
      sink = sink + next.get_units().size();
    }
  });
  return 0;
}
