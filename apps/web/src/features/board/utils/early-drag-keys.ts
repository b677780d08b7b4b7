/** The keys a card picked up with the keyboard answers to: arrows to move it, Space or Enter to drop it, Escape. */
const DRAG_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Space', 'Enter', 'Escape']);
/** How many turns of the event loop a held key waits for the keyboard sensor before it is let go. */
const MAX_TRIES = 20;

/**
 * dnd-kit's keyboard sensor starts listening for a drag's keys one task after the key that picked the card up (so
 * that this key does not drop it again). A key pressed in between reached nothing and was lost: the card stayed
 * where it was. That happens to a quick typist, and on a busy page, where the browser runs pending input before
 * pending timers. From the pick-up on, this holds every drag key that nothing took (the sensor, once listening,
 * takes each one: it calls `preventDefault`), and the keys after it, and hands them to the sensor in order as soon
 * as it listens. Returns a function that stops it (call it when the drag ends).
 */
export function passEarlyDragKeys(pickUp: Event, win: Window & typeof globalThis = window): () => void {
  const held: { code: string; key: string }[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let tries = 0;
  /** The keys handed on: this does not hold them again. */
  const passed = new WeakSet<Event>();
  const isDragKey = (event: KeyboardEvent) => event !== pickUp && !passed.has(event) && DRAG_KEYS.has(event.code);
  const hold = (event: KeyboardEvent) => {
    event.preventDefault();
    held.push({ code: event.code, key: event.key });
    timer ??= setTimeout(pass);
  };
  /** Hands the held keys to the sensor, first to last; waits another turn while it does not listen yet. */
  const pass = () => {
    timer = undefined;
    while (held.length > 0) {
      const { code, key } = held[0];
      const event = new win.KeyboardEvent('keydown', { code, key, bubbles: true, cancelable: true });
      passed.add(event);
      const isTaken = !win.document.dispatchEvent(event);
      if (!isTaken) {
        tries += 1;
        if (tries < MAX_TRIES) timer = setTimeout(pass);
        else held.length = 0;
        return;
      }
      held.shift();
    }
  };
  // A key pressed while others are held waits behind them, whoever would take it.
  const waitYourTurn = (event: KeyboardEvent) => {
    if (held.length === 0 || !isDragKey(event)) return;
    event.stopImmediatePropagation();
    hold(event);
  };
  // A key that went all the way up untaken: the sensor does not listen yet.
  const catchUntaken = (event: KeyboardEvent) => {
    if (event.defaultPrevented || !isDragKey(event)) return;
    hold(event);
  };
  win.addEventListener('keydown', waitYourTurn, true);
  win.addEventListener('keydown', catchUntaken);
  return () => {
    held.length = 0;
    clearTimeout(timer);
    timer = undefined;
    win.removeEventListener('keydown', waitYourTurn, true);
    win.removeEventListener('keydown', catchUntaken);
  };
}
