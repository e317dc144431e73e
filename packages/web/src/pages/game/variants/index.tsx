/**
 * The variant's own panel beside the orders, chosen by `game.variant`: the Fink's requests,
 * finks and notices; Deviant Diplomacy II's ballot, votes, proposals and rules; Fiascomacy's
 * investments, table, Score and tallies. A standard game has none. Each panel writes its lines
 * into the same order sheet the text box shows, so the two never disagree and the server's
 * reading of each line shows under the text box. The panels (with the rule modules' grammars
 * and the house-rule catalogue they use) load only for a game of their variant, so a standard
 * game's page does not carry them.
 */
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { VariantPanelProps } from './shared.js';

export type { VariantPanelProps } from './shared.js';

const PANELS: Readonly<Record<string, () => Promise<ComponentType<VariantPanelProps>>>> = {
  fink: async () => (await import('./fink.js')).FinkPanel,
  deviant2: async () => (await import('./deviant.js')).DeviantPanel,
  fiascomacy: async () => (await import('./fiascomacy.js')).FiascomacyPanel,
  pink: async () => (await import('./pink.js')).PinkPanel,
  pink2: async () => (await import('./pink.js')).PinkPanel,
  'fin-de-siecle': async () => (await import('./fin-de-siecle.js')).FinDeSieclePanel,
};

export function VariantPanel(props: VariantPanelProps) {
  const load = PANELS[props.game.variant];
  const [Panel, setPanel] = useState<{ readonly c: ComponentType<VariantPanelProps> } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (load === undefined) return;
    load().then(
      (c) => {
        setPanel({ c });
      },
      () => {
        setFailed(true);
      },
    );
  }, [props.game.variant]);
  if (load === undefined) return null;
  if (failed) {
    return (
      <p class="error" role="alert">
        The panel of this variant could not be loaded: reload the page. Orders can still be written
        in the text box.
      </p>
    );
  }
  if (Panel === null) return <p aria-live="polite">Loading the variant's panel…</p>;
  return <Panel.c {...props} />;
}
