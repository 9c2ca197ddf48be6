// The board: 30 houses on a boustrophedon track (RULES.md 1): row 1 = houses 1-10 left to right,
// row 2 = 11-20 right to left, row 3 = 21-30 left to right. The board keeps this left-to-right
// layout in every language (it mirrors the physical board, not the reading direction).

import { SPECIAL_HOUSES, pieceSvg } from "./symbols.js";
import { t } from "./i18n.js";

export const HOUSES = 30;

// Grid row and column (1-based) of a house.
export function houseCell(house) {
  const row = Math.floor((house - 1) / 10);
  const offset = (house - 1) % 10;
  return { row: row + 1, column: row === 1 ? 10 - offset : offset + 1 };
}

function makeHouse(house, element) {
  element.className = "house";
  element.dataset.house = String(house);
  const { row, column } = houseCell(house);
  element.style.gridRow = String(row);
  element.style.gridColumn = String(column);
  const special = SPECIAL_HOUSES[house];
  if (special) element.classList.add("special");
  if (row === 2) element.classList.add("backwards");
  element.innerHTML =
    `<span class="number">${house}</span>` +
    (special ? `<span class="symbol">${special.svg}</span>` : "") +
    `<span class="led" hidden></span><span class="piece" hidden></span>`;
  return element;
}

// A board drawn into `container`; `onHouse(house, piece)` is called on a touch when given.
export function createBoard(container, onHouse = null) {
  container.textContent = "";
  const houses = [];
  for (let house = 1; house <= HOUSES; house += 1) {
    const element = makeHouse(house, document.createElement(onHouse ? "button" : "div"));
    if (onHouse) {
      element.type = "button";
      element.addEventListener("click", () => onHouse(house, element.dataset.piece || "."));
    }
    container.append(element);
    houses.push(element);
  }
  let previous = null;

  function label(house, piece) {
    const special = SPECIAL_HOUSES[house];
    const parts = [t("house.n", { n: house })];
    if (special) parts.push(t(special.key));
    if (piece !== ".") parts.push(t(`side.${piece}`));
    return parts.join(", ");
  }

  // `squares`: 30 of W/B/.; `marks`: {leds, lifted, illegal} as in the game view.
  function render(squares, marks = {}) {
    const leds = new Map((marks.leds || []).map((led) => [led.house, led]));
    const lifted = marks.lifted || null;
    const destinations = new Set(lifted ? lifted.destinations : []);
    const attacks = new Set(lifted ? lifted.attacks : []);
    const illegal = new Set(marks.illegal ? marks.illegal.houses : []);
    houses.forEach((element, index) => {
      const house = index + 1;
      const piece = squares ? squares[index] : ".";
      const pieceElement = element.querySelector(".piece");
      if (element.dataset.piece !== piece) {
        pieceElement.innerHTML = piece === "." ? "" : pieceSvg(piece);
        pieceElement.hidden = piece === ".";
        element.dataset.piece = piece;
      }
      element.classList.toggle("moved", Boolean(previous && previous[index] !== piece && piece !== "."));
      const led = leds.get(house);
      const ledElement = element.querySelector(".led");
      ledElement.hidden = !led || led.effect === "off";
      if (led && led.effect !== "off") {
        ledElement.style.setProperty("--led", led.color);
        ledElement.className = `led ${led.effect}`;
      }
      element.classList.toggle("origin", Boolean(lifted && lifted.house === house));
      element.classList.toggle("destination", destinations.has(house) && !attacks.has(house));
      element.classList.toggle("attack", attacks.has(house));
      element.classList.toggle("illegal", illegal.has(house));
      element.setAttribute("aria-label", label(house, piece));
    });
    previous = squares;
  }

  function setInteractive(on) {
    container.classList.toggle("interactive", on);
  }

  return { render, setInteractive };
}
