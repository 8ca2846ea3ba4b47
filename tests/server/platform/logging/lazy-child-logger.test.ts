/** Request loggers made on their first line: the log says what it said with a child made for every request. */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lazyChildLogger } from '../../../../server/platform/logging/lazy-child-logger.ts';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  step?: string;
}

let lines: Line[];
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line) as Line) } },
    childLoggerFactory: lazyChildLogger,
  });
  app.get('/answered', (request) => {
    request.log.debug('below the level');
    request.log.child({ step: 'lookup' }).info('looked up');
    return 'ok';
  });
  app.get('/quiet', { logLevel: 'warn' }, (request) => {
    request.log.info('below the route level');
    return 'ok';
  });
  app.get('/quiet-failing', { logLevel: 'warn' }, () => {
    throw new Error('the lookup broke');
  });
  await app.ready();
});

beforeEach(() => {
  lines = [];
});

afterAll(() => app.close());

describe('a request logger made on its first line', () => {
  it('writes every line of a request with its id, children included, and nothing below the level', async () => {
    await app.inject('/answered');
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'looked up', 'request completed']);
    const ids = new Set(lines.map((line) => line.reqId));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toMatch(/^req-/);
    expect(lines[1]!.step).toBe('lookup');
  });

  it('writes nothing for a route logged from warn up that answered', async () => {
    await app.inject('/quiet');
    expect(lines).toEqual([]);
  });

  it('still writes the error of a route logged from warn up, with the request id', async () => {
    expect((await app.inject('/quiet-failing')).statusCode).toBe(500);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => line.level >= 40 && line.reqId?.startsWith('req-'))).toBe(true);
  });

  it('reports the level it runs at', async () => {
    let levels: string[] = [];
    const probe = Fastify({
      logger: { level: 'info', stream: { write: () => undefined } },
      childLoggerFactory: lazyChildLogger,
    });
    probe.get('/', (request) => {
      levels = [request.log.level];
      return 'ok';
    });
    probe.get('/quiet', { logLevel: 'error' }, (request) => {
      levels.push(request.log.level);
      return 'ok';
    });
    await probe.inject('/');
    await probe.inject('/quiet');
    await probe.close();
    expect(levels).toEqual(['info', 'error']);
  });
});
