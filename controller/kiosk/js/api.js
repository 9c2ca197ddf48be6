// Talking to the service: JSON over HTTP for requests, a WebSocket for the live game.

export class ApiError extends Error {
  constructor(status, detail) {
    super(detail);
    this.status = status;
  }
}

export async function getJson(path) {
  const response = await fetch(path, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new ApiError(response.status, await detailOf(response));
  return response.json();
}

export async function postJson(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new ApiError(response.status, await detailOf(response));
  return response.json();
}

async function detailOf(response) {
  try {
    const body = await response.json();
    return body.detail || response.statusText;
  } catch {
    return response.statusText;
  }
}

// Keeps a WebSocket to /api/ws open, reconnecting with backoff; `onEvent({type, data})` gets
// every event, `onState(connected)` every change of connection.
export function connectLive(onEvent, onState) {
  let delay = 500;
  function open() {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${window.location.host}/api/ws`);
    socket.addEventListener("open", () => {
      delay = 500;
      onState(true);
    });
    socket.addEventListener("message", (message) => {
      try {
        onEvent(JSON.parse(message.data));
      } catch (error) {
        console.error("bad event from the service", error);
      }
    });
    socket.addEventListener("close", () => {
      onState(false);
      window.setTimeout(open, delay);
      delay = Math.min(delay * 2, 8000);
    });
  }
  open();
}
