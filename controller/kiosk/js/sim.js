// The simulation panel (`serve --sim` only): lift and place pieces on the virtual board and throw
// the synthetic sticks. These go through the virtual board's firmware and the camera pipeline,
// exactly as a real hand and real sticks would.

import { postJson } from "./api.js";
import { pieceSvg, sticksSvg } from "./symbols.js";
import { t } from "./i18n.js";

export function createSimPanel({ panel, throwsGroup, scenesGroup, scenes, onError }) {
  let hand = "W";
  const handButtons = panel.querySelectorAll(".piece-choice");

  function setHand(piece) {
    hand = piece;
    for (const button of handButtons) {
      button.setAttribute("aria-pressed", String(button.dataset.piece === piece));
    }
  }

  for (const button of handButtons) {
    button.innerHTML = pieceSvg(button.dataset.piece);
    button.addEventListener("click", () => setHand(button.dataset.piece));
  }
  setHand(hand);

  async function act(path, body) {
    try {
      await postJson(path, body);
    } catch (error) {
      onError(error.message);
    }
  }

  const flatButtons = [];
  for (let flat = 0; flat <= 4; flat += 1) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "sticks-button";
    button.dataset.flat = String(flat);
    button.innerHTML = `${sticksSvg(flat)}<span></span>`;
    button.addEventListener("click", () => act("/api/sim/throw", { flat }));
    throwsGroup.append(button);
    flatButtons.push(button);
  }
  for (const scene of scenes) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.scene = scene;
    button.addEventListener("click", () => act("/api/sim/throw", { scene }));
    scenesGroup.append(button);
  }

  function relabel() {
    for (const button of flatButtons) {
      button.querySelector("span").textContent = t("sim.flat", { n: button.dataset.flat });
    }
    for (const button of scenesGroup.querySelectorAll("button")) {
      button.textContent = t(`scene.${button.dataset.scene}`);
    }
  }
  relabel();
  panel.hidden = false;

  // A touch on the board: lift what stands there, or put the piece in hand on an empty house.
  async function touchHouse(house, piece) {
    if (piece === "W" || piece === "B") {
      setHand(piece);
      await act("/api/sim/board", { action: "lift", house });
    } else {
      await act("/api/sim/board", { action: "place", house, piece: hand });
    }
  }

  return { touchHouse, relabel };
}
