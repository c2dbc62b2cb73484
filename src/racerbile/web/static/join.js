// Join page: /join/{code}. Shows the free seats; claiming one stores its token and
// opens the seat's play page.

import { api, ApiError, saveTokens, loadTokens } from "./api.js";
import { t, applyStatic, bindLangButton, onLang } from "./i18n.js";
import { h, capDot } from "./panels.js";
import { seatColor } from "./board.js";

const $ = (id) => document.getElementById(id);
const parts = location.pathname.split("/").filter(Boolean);
let code = decodeURIComponent(parts[1] || "").trim().toUpperCase();
let info = null;

function showError(msg) {
  $("error").textContent = msg || "";
  $("error").hidden = !msg;
}

function paint() {
  $("code").textContent = code;
  $("code").hidden = !code;
  $("code-form").hidden = !!info;
  if (!info) return;
  const mine = loadTokens(info.id);
  if (mine.seat && mine.seat.token) {
    $("mine").hidden = false;
    const link = $("mine-link");
    link.href = `/play/${encodeURIComponent(info.id)}`;
    link.textContent = t("join.continue", { name: mine.seat.name || `#${(mine.seat.seat ?? 0) + 1}` });
  } else $("mine").hidden = true;
  $("seats-wrap").hidden = false;
  const seats = info.free_seats || [];
  $("seats").replaceChildren(
    ...(seats.length
      ? seats.map((s) =>
          h(
            "li",
            {},
            h(
              "button",
              {
                type: "button",
                class: "seat-button",
                "data-seat": s.seat,
                style: { "--seat": seatColor(s.seat) },
                onclick: () => claim(s),
              },
              capDot(s.seat, s.name),
              h("span", {}, s.name),
              h("span", { class: "go" }, `${t("join.take")} →`),
            ),
          ),
        )
      : [h("li", { class: "muted" }, t("join.none"))]),
  );
}

async function load() {
  showError(null);
  if (!code) {
    info = null;
    paint();
    $("seats-wrap").hidden = true;
    return;
  }
  try {
    info = await api.join(code);
  } catch (err) {
    info = null;
    showError(err instanceof ApiError && err.status === 404 ? t("join.bad_code") : err.message);
  }
  paint();
}

async function claim(seat) {
  showError(null);
  for (const b of document.querySelectorAll(".seat-button")) b.disabled = true;
  try {
    const got = await api.claim(code, seat.seat);
    saveTokens(got.id, { seat: { seat: got.seat, token: got.token, name: got.name }, join_code: code, created: Date.now() });
    location.href = `/play/${encodeURIComponent(got.id)}`;
  } catch (err) {
    showError(err instanceof ApiError && err.status === 409 ? t("join.taken") : err.message);
    await load();
  }
}

function main() {
  applyStatic();
  bindLangButton($("lang"));
  onLang(paint);
  $("code-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    code = $("code-input").value.trim().toUpperCase();
    if (code) history.replaceState(null, "", `/join/${encodeURIComponent(code)}`);
    load();
  });
  load();
  // Seats fill up while people join: look again now and then.
  setInterval(() => {
    if (info && !document.hidden) load();
  }, 4000);
}

main();
