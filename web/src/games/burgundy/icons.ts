// A drawn icon for each tile kind that is not counted or numbered (castle, mine,
// ship and the eight buildings), in unit coordinates (-1..1) around the hex's
// centre; animals and knowledge tiles keep their count and number as text. The
// full name and effect are in each tile's tooltip (words.ts, tileTitle).

const DARK = `class="icon-dark"`;
const LIGHT = `class="icon-light"`;

const ICONS: Record<string, string> = {
  castle:
    `<polygon ${LIGHT} points="-.7,.7 -.7,-.7 -.42,-.7 -.42,-.48 -.14,-.48 -.14,-.7 .14,-.7 .14,-.48 .42,-.48 .42,-.7 .7,-.7 .7,.7"/>` +
    `<path ${DARK} d="M-.2 .7V.3a.2 .2 0 0 1 .4 0V.7Z"/>`,
  mine:
    `<polygon ${LIGHT} points="-.85,.7 0,-.75 .85,.7"/>` +
    `<path ${DARK} d="M-.25 .7V.35a.25 .25 0 0 1 .5 0V.7Z"/>`,
  ship:
    `<polygon ${LIGHT} points="-.85,.25 .85,.25 .55,.65 -.55,.65"/>` +
    `<line ${DARK} x1="0" y1=".25" x2="0" y2="-.85"/>` +
    `<polygon ${LIGHT} points=".07,-.8 .62,.15 .07,.15"/>`,
  warehouse:
    `<rect ${LIGHT} x="-.6" y="-.55" width="1.2" height="1.15"/>` +
    `<path ${DARK} d="M-.6 -.55L.6 .6M.6 -.55L-.6 .6" fill="none"/>`,
  "carpenters-workshop":
    `<rect ${LIGHT} x="-.12" y="-.35" width=".24" height="1.05"/>` +
    `<rect ${DARK} x="-.55" y="-.7" width="1.1" height=".38"/>`,
  church:
    `<polygon ${LIGHT} points="-.5,.7 -.5,-.1 0,-.5 .5,-.1 .5,.7"/>` +
    `<path ${DARK} d="M0 -.5V-.95M-.17 -.78H.17" fill="none"/>` +
    `<path ${DARK} d="M-.15 .7V.3a.15 .15 0 0 1 .3 0V.7Z"/>`,
  market:
    `<polygon ${DARK} points="-.85,-.25 .85,-.25 .62,-.7 -.62,-.7"/>` +
    `<path ${DARK} d="M-.62 -.25V.7M.62 -.25V.7" fill="none"/>` +
    `<rect ${LIGHT} x="-.62" y=".15" width="1.24" height=".22"/>`,
  "boarding-house":
    `<rect ${DARK} x="-.8" y="-.45" width=".2" height="1.1"/>` +
    `<rect ${LIGHT} x="-.6" y=".05" width="1.4" height=".35"/>` +
    `<circle ${LIGHT} cx="-.38" cy="-.12" r=".16"/>` +
    `<path ${DARK} d="M.75 .4V.65" fill="none"/>`,
  bank:
    `<circle ${LIGHT} cx="0" cy="0" r=".68"/>` +
    `<circle ${DARK} cx="0" cy="0" r=".42" fill="none"/>`,
  "city-hall":
    `<polygon ${LIGHT} points="-.85,-.3 0,-.8 .85,-.3"/>` +
    `<path ${DARK} d="M-.55 -.25V.5M0 -.25V.5M.55 -.25V.5" fill="none"/>` +
    `<rect ${LIGHT} x="-.85" y=".5" width="1.7" height=".2"/>`,
  watchtower:
    `<rect ${LIGHT} x="-.25" y="-.45" width=".5" height="1.15"/>` +
    `<rect ${LIGHT} x="-.45" y="-.85" width=".9" height=".4"/>` +
    `<rect ${DARK} x="-.08" y="-.05" width=".16" height=".25"/>`,
};

/** The icon of `tile` scaled into a hex of radius `r` at (cx, cy), or null. */
export function tileIcon(tile: string, cx: number, cy: number, r: number): string | null {
  const icon = ICONS[tile];
  if (!icon) return null;
  const s = r * 0.55;
  return `<g class="icon" transform="translate(${cx.toFixed(1)} ${cy.toFixed(1)}) scale(${s.toFixed(2)})">${icon}</g>`;
}
