// The kiosk page: shows the live game from the service's WebSocket, in six languages.

import { connectLive, getJson, postJson } from "./api.js";
import { createAttract } from "./attract.js";
import { createBoard } from "./board.js";
import { LANGUAGES, andList, fill, has, language, onLanguageChange, savedLanguage, setLanguage, t } from "./i18n.js";
import { renderRules } from "./rules.js";
import { createSimPanel } from "./sim.js";
import { SPECIAL_HOUSES, pieceSvg, sticksSvg } from "./symbols.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(window.location.search);
const IDLE_SECONDS = Number(params.get("idle")) || 120;

const state = { view: null, status: null, variants: [], variant: null, legend: [], messages: {}, sim: null };
let board = null;
let attract = null;

function sideName(side) {
  return side ? t(`side.${side}`) : t("turn.nobody");
}

// The configuration's default player names ("Light", "Dark") name who threw first and second
// in the opening, not the colour each ends up with: say "Player 1" and "Player 2" instead.
const DEFAULT_NAMES = { Light: "player.first", Dark: "player.second" };

function playerName(name) {
  return name in DEFAULT_NAMES ? t(DEFAULT_NAMES[name]) : name;
}

// The service's message worded in the kiosk's language: its own translation, else the
// service's English catalogue, with the parameters said the kiosk's way.
function messageText(message) {
  if (!message) return "";
  const key = `msg.${message.key}`;
  const template = language() !== "en" && has(key) ? key : state.messages[message.key];
  if (!template) return message.text;
  const values = { ...message.params };
  for (const [name, value] of Object.entries(values)) {
    if (Array.isArray(value)) values[name] = andList(value);
    else if ((name === "side" || name === "piece") && (value === "W" || value === "B")) values[name] = t(`inline.${value}`);
    else if (name === "player" || name === "next_player") values[name] = playerName(value);
  }
  return template === key ? t(key, values) : fill(template, values);
}

function renderTurn(view) {
  const side = view.phase === "over" ? view.winner : view.side_to_move;
  const card = $("turn-card");
  card.classList.remove("W", "B");
  if (side) card.classList.add(side);
  $("turn-piece").innerHTML = side ? pieceSvg(side) : "";
  $("turn-side").textContent = sideName(side);
  // A player's own name is shown; the default names ("Light", "Dark") would only repeat or,
  // after the opening decides the sides, contradict the side shown above.
  const player = side && view.players ? view.players[side] : null;
  const parts = [];
  if (player && !(player.name in DEFAULT_NAMES)) parts.push(player.name);
  if (player && player.kind === "computer") parts.push(t("player.computer"));
  $("turn-player").textContent = parts.length ? parts.join(" · ") : t(`phase.${view.phase}`);
}

function renderMessage(view) {
  const element = $("message");
  element.classList.toggle("illegal", view.phase === "illegal");
  element.classList.toggle("over", view.phase === "over");
  if (view.phase === "over" && view.winner) {
    const score = view.score === null || view.score === undefined ? "" : ` · ${t("score", { score: view.score })}`;
    element.textContent = `${t("winner", { side: sideName(view.winner) })}${score}`;
    return;
  }
  const text = messageText(view.message);
  element.textContent = text || t(`phase.${view.phase}`);
}

function renderThrow(view) {
  const current = view.throw;
  $("sticks").innerHTML = sticksSvg(current ? current.flat : null);
  // dimmed when the faces are not known (no throw yet, or a value entered by hand)
  $("sticks").classList.toggle("unknown", !current || current.flat === null || current.flat === undefined);
  $("throw-value").textContent = current && current.value ? String(current.value) : "–";
  const detail = [];
  if (!current) detail.push(t("throw.none"));
  else {
    if (current.flat !== null && current.flat !== undefined) detail.push(t("throw.flat", { flat: current.flat }));
    detail.push(t(`throw.source.${current.source}`));
  }
  $("throw-detail").textContent = detail.join(" · ");
  const photo = $("throw-photo");
  photo.hidden = !(current && current.evidence_url);
  if (!photo.hidden) {
    const image = $("throw-photo-img");
    if (image.getAttribute("src") !== current.evidence_url) image.src = current.evidence_url;
    image.alt = t("throw.photo");
  }
}

// Where the lifted piece may go matters while a move is being made, not once it went wrong.
function liftedNow(view) {
  return view.phase === "move" ? view.lifted : null;
}

function renderLifted(view) {
  const lifted = liftedNow(view);
  if (!lifted) {
    $("lifted").textContent = view.phase === "move" && view.legal_moves.length === 0 ? t("moves.none") : "";
    return;
  }
  const destinations = lifted.destinations.map((house) => (house === 31 ? "↗" : String(house)));
  $("lifted").textContent = `${t("lifted.label", { house: lifted.house })} — ${
    destinations.length ? t("lifted.goes", { houses: andList(destinations) }) : t("lifted.stuck")
  }`;
}

function squaresOf(view) {
  if (view.board) return view.board;
  return view.position ? view.position.split(" ")[0] : null;
}

function render() {
  const view = state.view;
  if (!view) return;
  document.body.dataset.phase = view.phase;
  board.render(squaresOf(view), { ...view, lifted: liftedNow(view) });
  renderTurn(view);
  renderMessage(view);
  renderThrow(view);
  renderLifted(view);
  markLitSignals(view);
  $("variant-name").textContent = state.variant ? presetTitle(state.variant) : view.variant;
}

// "Kendall's rules (seed 002): backward moves..." -> "Kendall's rules"
function presetTitle(variant) {
  return variant.description.split(" (seed")[0];
}

// Emphasise the legend entries the board shows right now.
function markLitSignals(view) {
  const lit = new Set((view.leds || []).filter((led) => led.effect !== "off").map((led) => `${led.color}|${led.effect}`));
  for (const item of $("legend").children) item.classList.toggle("lit", lit.has(item.dataset.signal));
}

function renderLegend() {
  const list = $("legend");
  list.textContent = "";
  for (const entry of state.legend) {
    const item = document.createElement("li");
    item.dataset.signal = `${entry.color}|${entry.effect}`;
    const swatch = document.createElement("span");
    swatch.className = `swatch ${entry.effect}`;
    swatch.style.setProperty("--led", entry.color);
    const text = document.createElement("span");
    text.textContent = has(`legend.${entry.key}`) ? t(`legend.${entry.key}`) : entry.text;
    item.append(swatch, text);
    list.append(item);
  }
  if (state.view) markLitSignals(state.view);
}

function renderRulesCard() {
  if (!state.variant) return;
  renderRules(state.variant, { list: $("rules-list"), source: $("rules-source"), key: $("houses-key") });
}

async function loadVariant(view) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(view.options || {})) query.append("option", `${name}=${value}`);
  const wanted = `${view.variant}?${query}`;
  if (state.variantKey === wanted) return;
  state.variantKey = wanted;
  try {
    state.variant = await getJson(`/api/variants/${encodeURIComponent(view.variant)}?${query}`);
    renderRulesCard();
    render();
  } catch (error) {
    console.error(error);
  }
}

function showView(view) {
  const changed = !state.view || JSON.stringify(state.view.events) !== JSON.stringify(view.events);
  state.view = view;
  if (changed && attract) attract.rearm();
  loadVariant(view);
  render();
}

function toast(text) {
  let element = document.querySelector(".toast");
  if (!element) {
    element = document.createElement("div");
    element.className = "banner toast";
    element.setAttribute("role", "status");
    document.body.append(element);
  }
  element.textContent = text;
  element.hidden = false;
  window.clearTimeout(element.timer);
  element.timer = window.setTimeout(() => { element.hidden = true; }, 4000);
}

function renderHealth(status) {
  // a part is working when the service gives no reason for it to be degraded; working with a
  // warning (the camera's calibration clipped the faces white) when it gives one
  const up = (part) => Boolean(part) && !part.reason && part.state !== "absent" && part.state !== "down";
  for (const [id, part] of [["health-board", status.board], ["health-camera", status.camera]]) {
    const dot = $(id);
    const warned = up(part) && Boolean(part.warning);
    dot.classList.toggle("up", up(part) && !warned);
    dot.classList.toggle("warn", warned);
    dot.classList.toggle("down", !up(part));
    dot.title = part ? part.reason || part.warning || "" : "";
  }
}

async function pollStatus() {
  try {
    state.status = await getJson("/api/status");
    renderHealth(state.status);
  } catch (error) {
    console.error(error);
  }
}

function buildLanguageButtons() {
  const nav = $("languages");
  for (const lang of LANGUAGES) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.lang = lang;
    button.lang = lang;
    nav.append(button);
    button.addEventListener("click", () => setLanguage(lang));
  }
  return (loadedNames) => {
    for (const button of nav.querySelectorAll("button")) {
      button.textContent = loadedNames[button.dataset.lang];
      button.setAttribute("aria-pressed", String(button.dataset.lang === language()));
    }
  };
}

const LANGUAGE_NAMES = { en: "English", fr: "Français", de: "Deutsch", it: "Italiano", hu: "Magyar", ar: "العربية" };

function setUpNewGame(canStart) {
  const button = $("new-game-button");
  button.hidden = !canStart;
  if (!canStart) return;
  const dialog = $("new-game-dialog");
  const kinds = { W: "human", B: "human" };
  function fill() {
    const select = $("new-variant");
    select.textContent = "";
    for (const variant of state.variants) {
      const option = document.createElement("option");
      option.value = variant.name;
      option.textContent = presetTitle(variant);
      option.selected = state.view && variant.name === state.view.variant;
      select.append(option);
    }
    const players = $("new-players");
    players.textContent = "";
    for (const side of ["W", "B"]) {
      const row = document.createElement("div");
      row.className = "player-row";
      row.innerHTML = `<span class="turn-piece">${pieceSvg(side)}</span><span>${sideName(side)}</span>`;
      for (const kind of ["human", "computer"]) {
        const choice = document.createElement("button");
        choice.type = "button";
        choice.textContent = t(`player.${kind}`);
        choice.setAttribute("aria-pressed", String(kinds[side] === kind));
        choice.addEventListener("click", () => {
          kinds[side] = kind;
          for (const other of row.querySelectorAll("button")) other.setAttribute("aria-pressed", String(other === choice));
        });
        row.append(choice);
      }
      players.append(row);
    }
  }
  button.addEventListener("click", () => { fill(); dialog.showModal(); });
  dialog.addEventListener("close", async () => {
    if (dialog.returnValue !== "start") return;
    const players = {};
    for (const side of ["W", "B"]) {
      const name = kinds[side] === "computer" ? t("player.computer") : { W: "Light", B: "Dark" }[side];
      players[side] = { name, kind: kinds[side] };
    }
    try {
      showView(await postJson("/api/games", { variant: $("new-variant").value, players }));
    } catch (error) {
      toast(error.message);
    }
  });
}

async function boot() {
  $("brand-mark").innerHTML = SPECIAL_HOUSES[15].svg;
  const labelLanguages = buildLanguageButtons();
  onLanguageChange(() => {
    labelLanguages(LANGUAGE_NAMES);
    renderLegend();
    renderRulesCard();
    render();
    if (state.sim) state.sim.relabel();
  });
  await setLanguage(params.get("lang") || savedLanguage());

  const [status, variants, legend, messages, sim] = await Promise.all([
    getJson("/api/status"),
    getJson("/api/variants"),
    getJson("/api/legend"),
    getJson("/api/messages"),
    getJson("/api/sim"),
  ]);
  state.messages = messages;
  state.status = status;
  state.variants = variants;
  state.legend = legend;
  renderHealth(status);
  renderLegend();

  if (sim.enabled) {
    state.sim = createSimPanel({
      panel: $("sim-panel"),
      throwsGroup: $("sim-throws"),
      scenesGroup: $("sim-scenes"),
      scenes: sim.scenes,
      onError: toast,
    });
  }
  board = createBoard($("board"), state.sim ? (house, piece) => state.sim.touchHouse(house, piece) : null);
  board.setInteractive(Boolean(state.sim));
  setUpNewGame(status.kiosk.can_start_games);

  $("rules-button").addEventListener("click", () => $("rules-dialog").showModal());
  $("throw-photo").addEventListener("click", () => {
    $("photo-large").src = $("throw-photo-img").src;
    $("photo-dialog").showModal();
  });

  showView(await getJson("/api/game"));
  connectLive(
    (event) => {
      if (event.type === "game") showView(event.data);
    },
    // The socket's first message is the current view, in order with the events after it; a
    // view fetched over HTTP here could arrive after a newer event and put the page back.
    (connected) => {
      $("conn-banner").hidden = connected;
    },
  );
  window.setInterval(pollStatus, 5000);

  attract = createAttract({
    overlay: $("attract"),
    boardElement: $("attract-board"),
    sticksElement: $("attract-sticks"),
    captionElement: $("attract-caption"),
    touchElement: $("attract-touch"),
    idleSeconds: IDLE_SECONDS,
  });
  document.body.dataset.ready = "true";
}

boot().catch((error) => {
  console.error(error);
  toast(String(error.message || error));
});
