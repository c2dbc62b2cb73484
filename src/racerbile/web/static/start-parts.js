// The start page's small parts: segmented and choice buttons, the games kept on this
// device, and the join box.

import { t } from "./i18n.js";
import { h } from "./panels.js";

const $ = (id) => document.getElementById(id);

/** Draws one-of-several buttons (role radio) into ``host``; ``onPick(value)`` on a click. */
export function segmented(host, options, current, onPick) {
  host.replaceChildren(
    ...options.map((o) =>
      h(
        "button",
        {
          type: "button",
          role: "radio",
          "aria-checked": String(o.value === current),
          "data-value": o.value,
          onclick: () => {
            onPick(o.value);
            for (const b of host.children) b.setAttribute("aria-checked", String(b.dataset.value === String(o.value)));
          },
        },
        o.label,
      ),
    ),
  );
}

/** Draws large choice buttons with a help line, one of which is picked. */
export function choices(host, options, current, onPick) {
  host.replaceChildren(
    ...options.map((o) =>
      h(
        "button",
        {
          type: "button",
          class: "choice",
          role: "radio",
          "aria-checked": String(o.value === current),
          "data-value": o.value,
          onclick: () => {
            onPick(o.value);
            for (const b of host.children) b.setAttribute("aria-checked", String(b.dataset.value === o.value));
          },
        },
        o.label,
        o.help ? h("small", {}, o.help) : null,
      ),
    ),
  );
}

/** Lists the games this device holds a token of (the latest four), each with a link. */
export function renderResume() {
  const items = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key || !key.startsWith("racerbile.game.")) continue;
    try {
      const v = JSON.parse(localStorage.getItem(key));
      const id = key.slice("racerbile.game.".length);
      if (v && (v.host || v.seat)) items.push({ id, ...v });
    } catch {
      /* ignore */
    }
  }
  items.sort((a, b) => (b.created || 0) - (a.created || 0));
  const shown = items.slice(0, 4);
  $("resume").hidden = shown.length === 0;
  $("resume-list").replaceChildren(
    ...shown.map((g) => {
      const href = g.host ? `/room/${encodeURIComponent(g.id)}` : `/play/${encodeURIComponent(g.id)}`;
      const names = (g.seats || []).map((s) => s.name).filter(Boolean).join(", ");
      const label = `${g.join_code || g.id}${names ? ` · ${names}` : ""}`;
      return h("li", {}, h("span", { class: "muted small" }, label), h("a", { class: "button ghost", href }, t("start.resume.open")));
    }),
  );
}

/** The join box: a typed code opens its join page. */
export function bindJoinBox() {
  $("join-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const code = $("join-code-input").value.trim().toUpperCase();
    if (code) location.href = `/join/${encodeURIComponent(code)}`;
    else $("join-code-input").focus();
  });
}
