// Attract mode: when nobody has touched the screen and the game has not changed for a while,
// a short animated lesson plays on a small board until someone touches the screen.

import { createBoard } from "./board.js";
import { sticksSvg } from "./symbols.js";
import { LANGUAGES, loadAll, onLanguageChange, t, textIn } from "./i18n.js";

const EMPTY = ".".repeat(30);
const GOLD = "#e0b456";
const GREEN = "#2fa39a";
const RED = "#c8492c";

// squares from {house: piece}
function board(pieces) {
  const squares = EMPTY.split("");
  for (const [house, piece] of Object.entries(pieces)) squares[Number(house) - 1] = piece;
  return squares.join("");
}

function glow(houses, color, effect = "steady") {
  return houses.map((house) => ({ house, color, effect }));
}

const START = board({ 1: "W", 2: "B", 3: "W", 4: "B", 5: "W", 6: "B", 7: "W", 8: "B", 9: "W", 10: "B" });

// Each scene: a caption and frames {squares, leds, flat, ms}.
const SCENES = [
  { caption: "attract.s1", frames: [0, 1, 2, 3, 4].map((flat) => ({ squares: START, flat, ms: 900 })) },
  {
    caption: "attract.s2",
    frames: [
      { squares: START, flat: 3, leds: glow([10], GOLD), ms: 1200 },
      { squares: START, flat: 3, leds: [...glow([10], GOLD), ...glow([13], GREEN, "pulse")], ms: 1300 },
      { squares: START.slice(0, 9) + "..B" + START.slice(12), flat: 3, leds: glow([13], GREEN), ms: 1500 },
    ],
  },
  {
    caption: "attract.s3",
    frames: [
      { squares: board({ 14: "W", 16: "B", 5: "W", 8: "B" }), flat: 2, leds: glow([16], RED, "blink"), ms: 1500 },
      { squares: board({ 16: "W", 14: "B", 5: "W", 8: "B" }), flat: 2, leds: glow([14, 16], GOLD), ms: 1800 },
    ],
  },
  {
    caption: "attract.s4",
    frames: [
      { squares: board({ 13: "W", 16: "B", 17: "B", 6: "W" }), flat: 3, leds: glow([16, 17], GREEN, "pulse"), ms: 1600 },
      { squares: board({ 13: "W", 16: "B", 17: "B", 6: "W" }), flat: 3, leds: [...glow([16, 17], GREEN), ...glow([13], RED, "blink")], ms: 1600 },
    ],
  },
  {
    caption: "attract.s5",
    frames: [
      { squares: board({ 25: "W", 20: "B", 12: "B" }), flat: 2, leds: glow([27], "#3d8fd6", "pulse"), ms: 1300 },
      { squares: board({ 27: "W", 20: "B", 12: "B" }), flat: 2, leds: glow([27], RED, "blink"), ms: 1300 },
      { squares: board({ 15: "W", 20: "B", 12: "B" }), flat: 2, leds: glow([15], GOLD), ms: 1500 },
    ],
  },
  {
    caption: "attract.s6",
    frames: [
      { squares: board({ 28: "W", 29: "W", 30: "W", 22: "B", 9: "B" }), flat: 4, leds: glow([28, 29, 30], GOLD, "pulse"), ms: 1200 },
      { squares: board({ 29: "W", 30: "W", 22: "B", 9: "B" }), flat: 4, leds: glow([29, 30], GOLD, "pulse"), ms: 1000 },
      { squares: board({ 30: "W", 22: "B", 9: "B" }), flat: 4, leds: glow([30], GOLD, "pulse"), ms: 1000 },
      { squares: board({ 22: "B", 9: "B" }), flat: 4, leds: glow([22, 9], RED), ms: 1600 },
    ],
  },
];

// "Touch the screen to play" in every language in turn, for visitors who do not read the
// language the screen was left in.
function rotateInvitation(element, step) {
  const { text, dir, lang } = textIn(LANGUAGES[step % LANGUAGES.length], "attract.touch");
  element.textContent = text;
  element.dir = dir;
  element.lang = lang;
}

export function createAttract({
  overlay, boardElement, sticksElement, captionElement, touchElement, idleSeconds,
}) {
  const miniBoard = createBoard(boardElement);
  let idleTimer = null;
  let frameTimer = null;
  let invitations = 0;
  let scene = 0;
  let frame = 0;
  let active = false;

  function showFrame() {
    const current = SCENES[scene];
    const step = current.frames[frame];
    captionElement.textContent = t(current.caption);
    miniBoard.render(step.squares, { leds: step.leds || [] });
    sticksElement.innerHTML = sticksSvg(step.flat);
    sticksElement.classList.toggle("rolling", frame % 2 === 1);
    frameTimer = window.setTimeout(() => {
      frame += 1;
      if (frame >= current.frames.length) {
        frame = 0;
        scene = (scene + 1) % SCENES.length;
        invitations += 1;
        rotateInvitation(touchElement, invitations);
      }
      showFrame();
    }, step.ms);
  }

  function start() {
    if (active) return;
    active = true;
    scene = 0;
    frame = 0;
    invitations = LANGUAGES.indexOf(document.documentElement.lang);
    rotateInvitation(touchElement, invitations);
    overlay.hidden = false;
    showFrame();
  }

  function stop() {
    window.clearTimeout(frameTimer);
    active = false;
    overlay.hidden = true;
    rearm();
  }

  // Any touch, key or change of the game puts the idle clock back to zero.
  function rearm() {
    window.clearTimeout(idleTimer);
    if (!active) idleTimer = window.setTimeout(start, idleSeconds * 1000);
  }

  overlay.addEventListener("click", stop);
  for (const type of ["pointerdown", "keydown"]) document.addEventListener(type, rearm, { passive: true });
  onLanguageChange(() => {
    if (active) captionElement.textContent = t(SCENES[scene].caption);
  });
  loadAll().catch((error) => console.error(error));
  rearm();
  return { rearm };
}
