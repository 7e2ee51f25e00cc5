import { oneAtATime } from './oneAtATime';

/** A piece of work whose runs end when the test says. */
function controlledWork() {
  const ends: Array<() => void> = [];
  const work = jest.fn(() => new Promise<void>((resolve) => ends.push(resolve)));
  const finish = async () => {
    ends.shift()?.();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { work, finish };
}

test('calls while it runs make one more run after it, not one each and not one beside it', async () => {
  const { work, finish } = controlledWork();
  const task = oneAtATime(work);
  const first = task.run();
  void task.run();
  void task.run();
  expect(work).toHaveBeenCalledTimes(1);
  expect(task.running).toBe(true);
  await finish();
  expect(work).toHaveBeenCalledTimes(2);
  await finish();
  await first;
  expect(work).toHaveBeenCalledTimes(2);
  expect(task.running).toBe(false);
});

test('a call after it ended runs it again at once', async () => {
  const { work, finish } = controlledWork();
  const task = oneAtATime(work);
  const first = task.run();
  await finish();
  await first;
  void task.run();
  expect(work).toHaveBeenCalledTimes(2);
});

test('keepGoing ends the repeats, and a failed run still lets the next one start', async () => {
  let alive = true;
  const { work, finish } = controlledWork();
  const task = oneAtATime(work, () => alive);
  const first = task.run();
  void task.run();
  alive = false;
  await finish();
  await first;
  expect(work).toHaveBeenCalledTimes(1);

  const failing = oneAtATime(() => Promise.reject(new Error('offline')));
  await expect(failing.run()).rejects.toThrow('offline');
  expect(failing.running).toBe(false);
});
