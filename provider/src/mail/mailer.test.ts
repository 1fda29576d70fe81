import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.js';

describe('the SMTP mailer', () => {
  const sockets: Socket[] = [];
  const servers: ReturnType<typeof createServer>[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it('gives up on a server that greets a byte at a time once the deadline passes, and closes the connection', async () => {
    let closed = false;
    // Never idle (a byte every 50 ms), never done: no idle time-out of nodemailer's trips.
    const server = createServer((socket) => {
      sockets.push(socket);
      const greeting = '220 slow.example ESMTP '.repeat(50);
      let sent = 0;
      const drip = setInterval(() => socket.write(greeting.charAt(sent++ % greeting.length)), 50);
      socket.on('close', () => {
        closed = true;
        clearInterval(drip);
      });
      socket.on('error', () => undefined);
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Halo Console <no-reply@halo.test>',
      dataDir: '/nonexistent',
      deadlineMs: 500,
    });
    const started = performance.now();
    await expect(
      mailer.send({ to: 'someone@example.test', subject: 'Alarm', text: 'text', html: '<p>text</p>' }),
    ).rejects.toThrow(/within 500 ms/);
    expect(performance.now() - started).toBeLessThan(3000);
    await expect.poll(() => closed, { timeout: 2000 }).toBe(true);
  });
});
