import { afterEach, describe, expect, it } from 'vitest';
import { passEarlyDragKeys } from './early-drag-keys';

const press = (code: string) => document.body.dispatchEvent(new KeyboardEvent('keydown', { code, bubbles: true, cancelable: true }));
const tick = () => new Promise((resolve) => setTimeout(resolve));

/** A keyboard sensor as dnd-kit's: it listens on the document from the task after the pick-up and takes its keys. */
function sensorListeningLater() {
  const got: string[] = [];
  const take = (event: KeyboardEvent) => {
    event.preventDefault();
    got.push(event.code);
  };
  setTimeout(() => document.addEventListener('keydown', take));
  return { got, stop: () => document.removeEventListener('keydown', take) };
}

describe('keys pressed right after a card is picked up', () => {
  let cleanups: (() => void)[] = [];
  afterEach(() => {
    cleanups.forEach((cleanup) => cleanup());
    cleanups = [];
  });

  it('reach the keyboard sensor once it listens, in the order they were pressed, and later keys too', async () => {
    const pickUp = new KeyboardEvent('keydown', { code: 'Space' });
    const sensor = sensorListeningLater();
    const stop = passEarlyDragKeys(pickUp);
    cleanups.push(sensor.stop, stop);

    expect(press('ArrowRight')).toBe(false);
    press('ArrowDown');
    expect(sensor.got).toEqual([]);
    await tick();
    await tick();
    press('Space');
    expect(sensor.got).toEqual(['ArrowRight', 'ArrowDown', 'Space']);
  });

  it('leaves alone the pick-up itself, other keys, and everything once the drag has ended', async () => {
    const pickUp = new KeyboardEvent('keydown', { code: 'Space', bubbles: true, cancelable: true });
    const stop = passEarlyDragKeys(pickUp);
    cleanups.push(stop);
    expect(document.body.dispatchEvent(pickUp)).toBe(true);
    expect(press('KeyA')).toBe(true);
    stop();
    expect(press('ArrowRight')).toBe(true);
    const sensor = sensorListeningLater();
    cleanups.push(sensor.stop);
    await tick();
    await tick();
    expect(sensor.got).toEqual([]);
  });
});
