// Reading a game's setup JSON schema and its lobby entry (GET /api/meta/games) for the
// start page: $ref and nullable fields resolved, bots and tracks in one shape.

export function resolve(schema, root) {
  if (!schema || typeof schema !== "object") return schema;
  if (schema.$ref) {
    const path = schema.$ref.replace(/^#\//, "").split("/");
    let node = root;
    for (const p of path) node = node && node[p];
    return resolve({ ...node, ...Object.fromEntries(Object.entries(schema).filter(([k]) => k !== "$ref")) }, root);
  }
  if (schema.allOf && schema.allOf.length === 1) return resolve({ ...schema.allOf[0], ...schema, allOf: undefined }, root);
  return schema;
}

/** Returns the non-null branch of an ``anyOf: [X, null]`` and whether null is allowed. */
export function nonNull(schema, root) {
  const s = resolve(schema, root);
  if (s && Array.isArray(s.anyOf)) {
    const branches = s.anyOf.map((b) => resolve(b, root));
    const real = branches.filter((b) => b.type !== "null");
    if (real.length === 1) return { ...real[0], default: s.default, title: s.title, description: s.description, nullable: true };
  }
  return s;
}

/** Returns the lobby's games in the start page's shape (id, name, seats, schema, bots, tracks). */
export function gameList(meta) {
  const list = Array.isArray(meta) ? meta : meta.games || Object.values(meta || {});
  return list.map((g) => {
    const info = g.info || g;
    return {
      id: info.id ?? g.id,
      name: info.name ?? g.name ?? info.id,
      description: info.description ?? g.description ?? "",
      min: info.min_seats ?? g.min_seats ?? 1,
      max: info.max_seats ?? g.max_seats ?? 8,
      ruleSets: info.rule_sets ?? g.rule_sets ?? [],
      schema: g.setup_schema ?? g.schema ?? g.setup ?? null,
      bots: normaliseBots(g.bots),
      botHelp: g.bot_descriptions || {},
      tracks: normaliseTracks(g.tracks),
      trackField: g.track_field ?? null,
      supportsReferee: info.supports_referee ?? g.supports_referee ?? true,
      hasChance: info.has_chance ?? g.has_chance ?? true,
    };
  });
}

function normaliseBots(bots) {
  if (!bots) return [];
  if (Array.isArray(bots)) return bots.map((b) => (typeof b === "string" ? { id: b, name: b } : { id: b.id ?? b.name, name: b.name ?? b.id, description: b.description }));
  return Object.entries(bots).map(([id, v]) => ({ id, name: (v && v.name) || id, description: v && v.description }));
}

function normaliseTracks(tracks) {
  if (!tracks) return [];
  if (Array.isArray(tracks))
    return tracks.map((x) => (typeof x === "string" ? { id: x, name: x } : { ...x, id: x.id ?? x.name, name: x.name ?? x.id }));
  return Object.entries(tracks).map(([id, v]) => ({ id, ...(typeof v === "object" ? v : {}), name: (v && v.name) || id }));
}
