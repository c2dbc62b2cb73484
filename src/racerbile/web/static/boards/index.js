// The registry of game boards: the game id from the API picks the module that draws
// its board and its controls. Each module's default export is
// ``{id, create(ctx) -> Promise<{paint(state)}>}``; see room.js and watch.js for ``ctx``.

const BOARDS = {
  racerbile: () => import("./racerbile.js"),
  vectrace: () => import("./vectrace.js"),
};

/** Returns the board module of ``gameId`` (a generic one for games without their own). */
export async function boardFor(gameId) {
  const load = BOARDS[gameId] || (() => import("./generic.js"));
  return (await load()).default;
}
