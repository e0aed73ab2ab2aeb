// @fastify/multipart's per-request hooks sit on multipart routes only; those routes still read their parts.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { multipartPlugin } from './multipart.ts';

describe('multipart plugin', () => {
  it('puts the package hooks on multipart routes only and still reads parts there', async () => {
    const app = Fastify();
    await app.register(multipartPlugin, { limits: { files: 1 } });
    app.get('/plain', () => ({ ok: true }));
    app.post('/form', { config: { multipart: { jsonSchema: {} } as never } }, async (request) => {
      const fields: Record<string, unknown> = {};
      for await (const part of request.parts()) if (part.type === 'field') fields[part.fieldname] = part.value;
      return fields;
    });
    await app.ready();
    const routes = app.printRoutes({ includeHooks: true, commonPrefix: false });
    const plain = routes.slice(routes.indexOf('/plain'), routes.indexOf('/form'));
    const form = routes.slice(routes.indexOf('/form'));
    expect(plain).not.toMatch(/onRequest|onResponse/);
    expect(form).toMatch(/onRequest/);
    expect(form).toMatch(/onResponse/);

    const boundary = 'x-boundary';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nHello\r\n--${boundary}--\r\n`;
    const res = await app.inject({
      method: 'POST',
      url: '/form',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(res.json()).toEqual({ title: 'Hello' });
    expect((await app.inject({ method: 'GET', url: '/plain' })).json()).toEqual({ ok: true });
    await app.close();
  });
});
