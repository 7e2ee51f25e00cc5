/**
 * Runs `work` one at a time: a call while it runs does not start a second run beside it, but
 * makes it run once more when it ends (however many calls came meanwhile), so the last call is
 * always followed by a run that began after it. `keepGoing` can end the repeats (an unmounted
 * screen).
 */
export function oneAtATime(work: () => Promise<unknown>, keepGoing: () => boolean = () => true) {
  let running = false;
  let again = false;
  const run = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await work();
      } while (again && keepGoing());
    } finally {
      running = false;
    }
  };
  return {
    run,
    get running() {
      return running;
    },
  };
}
