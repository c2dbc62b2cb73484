// The cross-shaped Ludo board on a 15×15 grid (LD-BOARD-1), the same layout as the
// game's Python picture (games/ludol/render.py): colour k's yard is the corner k
// clockwise from the top left, its start square is track square 13·k, its home column
// runs from the edge towards the goal in the centre. A glass's progress p (−1 yard,
// 0…50 the shared track, 51…55 the home column, 56 the goal) maps to a cell here.

export const SIZE = 15;
export const TRACK = 52;
export const STRIDE = 13;
export const YARD = -1;
export const REMOVED = -2;
export const LAST_TRACK = 50;
export const GOAL = 56;
export const LETTERS = "ABCD";

/** Board colours A…D: red, green, yellow, blue, each with a darker ink for lines. */
export const COLOURS = [
  { fill: "#D64541", soft: "#F3C2C0", ink: "#7A1A17", name: "red" },
  { fill: "#2E9E5B", soft: "#BFE6CD", ink: "#14532D", name: "green" },
  { fill: "#F2C230", soft: "#FBEAB0", ink: "#7A5A00", name: "yellow" },
  { fill: "#2F6FD6", soft: "#C3D6F5", ink: "#15346B", name: "blue" },
];

// Quarter 0 of the loop (colour A's start square and the twelve squares after it).
const QUARTER = [
  [1, 6], [2, 6], [3, 6], [4, 6], [5, 6],
  [6, 5], [6, 4], [6, 3], [6, 2], [6, 1], [6, 0],
  [7, 0], [8, 0],
];

/** Turns a cell a quarter clockwise about the centre, ``times`` times. */
export function turn([x, y], times) {
  let c = [x, y];
  for (let i = 0; i < ((times % 4) + 4) % 4; i++) c = [SIZE - 1 - c[1], c[0]];
  return c;
}

/** The 52 shared-track cells, by track square. */
export const LOOP = [0, 1, 2, 3].flatMap((k) => QUARTER.map((c) => turn(c, k)));

/** Returns the track square of colour ``colour``'s glass at progress 0…50. */
export function trackSquare(colour, progress) {
  return (STRIDE * colour + progress) % TRACK;
}

/** Returns the cell of home-column square 51…55 of ``colour``. */
export function columnCell(colour, progress) {
  return turn([progress - 50, 7], colour);
}

/** The four yard spots of ``colour`` (cell centres, fractional). */
export function yardSpots(colour) {
  return [
    [2.25, 2.25], [3.75, 2.25], [2.25, 3.75], [3.75, 3.75],
  ].map(([x, y]) => turnPoint([x, y], colour));
}

/** The goal spot of ``colour``: inside its triangle of the centre square. */
export function goalSpot(colour) {
  return turnPoint([6.6, 7.5], colour);
}

/** Turns a point (in cell units, cell centres at .5) a quarter clockwise ``times``. */
export function turnPoint([x, y], times) {
  let p = [x, y];
  for (let i = 0; i < ((times % 4) + 4) % 4; i++) p = [SIZE - p[1], p[0]];
  return p;
}

/** Returns the centre (in cell units) of a glass of ``colour`` at ``progress``, or null. */
export function spotOf(colour, progress, glass = 0) {
  if (progress === YARD) return yardSpots(colour)[glass % 4];
  if (progress === GOAL) return goalSpot(colour);
  if (progress < 0 || progress > GOAL) return null;
  const [x, y] = progress <= LAST_TRACK ? LOOP[trackSquare(colour, progress)] : columnCell(colour, progress);
  return [x + 0.5, y + 0.5];
}

/** A key naming where a glass stands: "t17" (track square), "cA53" (column), "gA", "yA". */
export function placeKey(colour, progress) {
  if (progress === YARD) return `y${LETTERS[colour]}`;
  if (progress === GOAL) return `g${LETTERS[colour]}`;
  if (progress <= LAST_TRACK) return `t${trackSquare(colour, progress)}`;
  return `c${LETTERS[colour]}${progress}`;
}
