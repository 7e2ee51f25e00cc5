import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { lateFrames, MediaLeg } from './media';
import { phonePeer, withoutCandidates } from './phonePeer';

/*
 * A leg's frames reach JS from wrtc's queue, which it empties in one callback. Frames that queued
 * while the event loop was held are too late to be heard: past a quarter of a second's worth in one
 * turn they are dropped, not forwarded in one burst that would hold the loop longer still.
 */
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
// wrtc's threads keep the process alive once it has loaded.
after(() => setTimeout(() => process.exit(process.exitCode ?? 0), 200).unref());

describe('a media leg', () => {
  it('forwards at most a quarter of a second of frames per turn of the event loop, then goes on', async () => {
    // A phone: a peer sending a tone, offering without candidates as the Voice SDK does.
    const phone = phonePeer(440, () => undefined);
    const leg = new MediaLeg();
    try {
      await phone.pc.setLocalDescription(await phone.pc.createOffer());
      await phone.pc.setRemoteDescription({ type: 'answer', sdp: await leg.answer(withoutCandidates(phone.pc.localDescription!.sdp)) });
      let forwarded = 0;
      leg.onFrame(() => forwarded++);
      for (let i = 0; i < 200 && forwarded < 20; i++) await pause(50);
      assert.ok(forwarded >= 20, 'the leg hears its phone');

      // The loop is held for a second and a half: wrtc queues about 150 frames of the leg meanwhile.
      const before = forwarded;
      const late = lateFrames.count;
      for (const until = performance.now() + 1500; performance.now() < until;);
      await new Promise((r) => setImmediate(r));
      assert.ok(forwarded - before <= 25, `forwarded in the turn after the hold: ${forwarded - before}`);
      assert.ok(lateFrames.count - late >= 50, `dropped as late: ${lateFrames.count - late}`);

      // And the call goes on.
      const after = forwarded;
      for (let i = 0; i < 100 && forwarded - after < 30; i++) await pause(50);
      assert.ok(forwarded - after >= 30, `forwarded since: ${forwarded - after}`);
    } finally {
      leg.close();
      phone.close();
    }
  });
});
