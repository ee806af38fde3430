// A drawn icon for each tile kind (castle, mine, ship, the eight buildings, each
// animal with its count, a monastery's scroll with its number), in unit coordinates
// (-1..1) around the hex's centre. The full name and effect are in each tile's
// tooltip and, on a tap, in the table's info line (words.ts, tileTitle).
const DARK = `class="icon-dark"`;
const LIGHT = `class="icon-light"`;
const ICONS = {
    castle: `<polygon ${LIGHT} points="-.7,.7 -.7,-.7 -.42,-.7 -.42,-.48 -.14,-.48 -.14,-.7 .14,-.7 .14,-.48 .42,-.48 .42,-.7 .7,-.7 .7,.7"/>` +
        `<path ${DARK} d="M-.2 .7V.3a.2 .2 0 0 1 .4 0V.7Z"/>`,
    mine: `<polygon ${LIGHT} points="-.85,.7 0,-.75 .85,.7"/>` +
        `<path ${DARK} d="M-.25 .7V.35a.25 .25 0 0 1 .5 0V.7Z"/>`,
    ship: `<polygon ${LIGHT} points="-.85,.25 .85,.25 .55,.65 -.55,.65"/>` +
        `<line ${DARK} x1="0" y1=".25" x2="0" y2="-.85"/>` +
        `<polygon ${LIGHT} points=".07,-.8 .62,.15 .07,.15"/>`,
    warehouse: `<rect ${LIGHT} x="-.6" y="-.55" width="1.2" height="1.15"/>` +
        `<path ${DARK} d="M-.6 -.55L.6 .6M.6 -.55L-.6 .6" fill="none"/>`,
    "carpenters-workshop": `<rect ${LIGHT} x="-.12" y="-.35" width=".24" height="1.05"/>` +
        `<rect ${DARK} x="-.55" y="-.7" width="1.1" height=".38"/>`,
    church: `<polygon ${LIGHT} points="-.5,.7 -.5,-.1 0,-.5 .5,-.1 .5,.7"/>` +
        `<path ${DARK} d="M0 -.5V-.95M-.17 -.78H.17" fill="none"/>` +
        `<path ${DARK} d="M-.15 .7V.3a.15 .15 0 0 1 .3 0V.7Z"/>`,
    market: `<polygon ${DARK} points="-.85,-.25 .85,-.25 .62,-.7 -.62,-.7"/>` +
        `<path ${DARK} d="M-.62 -.25V.7M.62 -.25V.7" fill="none"/>` +
        `<rect ${LIGHT} x="-.62" y=".15" width="1.24" height=".22"/>`,
    "boarding-house": `<rect ${DARK} x="-.8" y="-.45" width=".2" height="1.1"/>` +
        `<rect ${LIGHT} x="-.6" y=".05" width="1.4" height=".35"/>` +
        `<circle ${LIGHT} cx="-.38" cy="-.12" r=".16"/>` +
        `<path ${DARK} d="M.75 .4V.65" fill="none"/>`,
    bank: `<circle ${LIGHT} cx="0" cy="0" r=".68"/>` +
        `<circle ${DARK} cx="0" cy="0" r=".42" fill="none"/>`,
    "city-hall": `<polygon ${LIGHT} points="-.85,-.3 0,-.8 .85,-.3"/>` +
        `<path ${DARK} d="M-.55 -.25V.5M0 -.25V.5M.55 -.25V.5" fill="none"/>` +
        `<rect ${LIGHT} x="-.85" y=".5" width="1.7" height=".2"/>`,
    watchtower: `<rect ${LIGHT} x="-.25" y="-.45" width=".5" height="1.15"/>` +
        `<rect ${LIGHT} x="-.45" y="-.85" width=".9" height=".4"/>` +
        `<rect ${DARK} x="-.08" y="-.05" width=".16" height=".25"/>`,
    crane: `<path ${DARK} d="M-.45 .7V-.7H.65M-.45 -.35L-.1 -.7M.45 -.7V-.1" fill="none"/>` +
        `<rect ${LIGHT} x=".25" y="-.1" width=".4" height=".3"/>` +
        `<rect ${LIGHT} x="-.75" y=".55" width=".6" height=".18"/>`,
    // An inn (6th expansion): a house with its hanging sign.
    inn: `<polygon ${LIGHT} points="-.62,.7 -.62,-.15 -.05,-.65 .48,-.15 .48,.7"/>` +
        `<path ${DARK} d="M.48 -.1H.85V.08" fill="none"/>` +
        `<rect ${DARK} x=".66" y=".08" width=".36" height=".3"/>` +
        `<rect ${DARK} x="-.3" y=".22" width=".36" height=".48"/>`,
    // A tile lying face down: its back, crossed.
    "face-down": `<rect ${LIGHT} x="-.6" y="-.6" width="1.2" height="1.2" rx=".1"/>` +
        `<path ${DARK} d="M-.4 -.4L.4 .4M.4 -.4L-.4 .4" fill="none"/>`,
    "white-castle": `<polygon ${LIGHT} points="-.55,.7 -.55,-.45 -.3,-.45 -.3,-.25 -.1,-.25 -.1,-.45 .1,-.45 .1,-.25 .3,-.25 .3,-.45 .55,-.45 .55,.7"/>` +
        `<polygon ${LIGHT} points="-.2,-.45 0,-.9 .2,-.45"/>` +
        `<path ${DARK} d="M-.15 .7V.35a.15 .15 0 0 1 .3 0V.7Z"/>`,
};
/** The animals' heads, drawn a little above the hex's centre to leave room for the count. */
const ANIMALS = {
    cow: `<path ${DARK} d="M-.42 -.55Q-.7 -.75 -.62 -.95M.42 -.55Q.7 -.75 .62 -.95" fill="none"/>` +
        `<ellipse ${LIGHT} cx="0" cy="-.3" rx=".45" ry=".42"/>` +
        `<ellipse ${DARK} cx="0" cy="-.05" rx=".3" ry=".17"/>` +
        `<circle ${DARK} cx="-.18" cy="-.42" r=".06"/><circle ${DARK} cx=".18" cy="-.42" r=".06"/>`,
    pig: `<polygon ${DARK} points="-.5,-.55 -.28,-.85 -.18,-.55"/><polygon ${DARK} points=".5,-.55 .28,-.85 .18,-.55"/>` +
        `<circle ${LIGHT} cx="0" cy="-.3" r=".48"/>` +
        `<ellipse ${LIGHT} cx="0" cy="-.18" rx=".2" ry=".14"/>` +
        `<circle ${DARK} cx="-.07" cy="-.18" r=".04"/><circle ${DARK} cx=".07" cy="-.18" r=".04"/>` +
        `<circle ${DARK} cx="-.18" cy="-.45" r=".05"/><circle ${DARK} cx=".18" cy="-.45" r=".05"/>`,
    sheep: `<circle ${LIGHT} cx="-.35" cy="-.45" r=".22"/><circle ${LIGHT} cx="0" cy="-.6" r=".24"/>` +
        `<circle ${LIGHT} cx=".35" cy="-.45" r=".22"/><circle ${LIGHT} cx="-.35" cy="-.1" r=".22"/>` +
        `<circle ${LIGHT} cx=".35" cy="-.1" r=".22"/>` +
        `<ellipse ${DARK} cx="0" cy="-.25" rx=".2" ry=".3"/>`,
    chicken: `<path ${DARK} d="M-.12 -.78l.08 -.12l.08 .1l.08 -.12l.06 .16Z"/>` +
        `<ellipse ${LIGHT} cx="0" cy="-.3" rx=".38" ry=".45"/>` +
        `<polygon ${DARK} points=".34,-.38 .58,-.3 .34,-.22"/>` +
        `<circle ${DARK} cx=".12" cy="-.45" r=".06"/>`,
    goose: `<ellipse ${LIGHT} cx="-.15" cy="-.05" rx=".5" ry=".25"/>` +
        `<path ${LIGHT} d="M.15 -.15Q.3 -.5 .15 -.75Q.3 -.95 .45 -.78Q.3 -.5 .38 -.15Z"/>` +
        `<polygon ${DARK} points=".42,-.82 .62,-.76 .44,-.7"/>`,
};
const ANIMAL = /^(cow|pig|sheep|chicken|goose)(\d)$/;
/** A counted or numbered tile: the animal with its count, the monastery's scroll with its number. */
function numbered(tile) {
    const animal = ANIMAL.exec(tile);
    if (animal) {
        return `<g transform="scale(1.5)">${ANIMALS[animal[1]]}</g>` +
            `<text class="icon-count" x="0" y="1.05" font-size=".8">${animal[2]}</text>`;
    }
    const k = /^knowledge(\d+)$/.exec(tile);
    if (k) {
        return `<rect ${LIGHT} x="-.6" y="-.62" width="1.2" height="1.24" rx=".08"/>` +
            `<path ${DARK} d="M-.72 -.62H.72M-.72 .62H.72" fill="none"/>` +
            `<text class="icon-count" x="0" y=".24" font-size=".7">${k[1]}</text>`;
    }
    return null;
}
/** The icon of `tile` scaled into a hex of radius `r` at (cx, cy), or null. */
export function tileIcon(tile, cx, cy, r) {
    const icon = ICONS[tile] ?? numbered(tile);
    if (!icon)
        return null;
    const s = r * 0.55;
    return `<g class="icon" transform="translate(${cx.toFixed(1)} ${cy.toFixed(1)}) scale(${s.toFixed(2)})">${icon}</g>`;
}
