import type { ArgumentMetadata } from '@nestjs/common';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { InvalidInputError } from '../errors/domain-error';
import { textFieldErrors, textProblem, ValidationPipe } from './validation.pipe';

class NoteDto extends createZodDto(z.object({ title: z.string().max(5), tags: z.array(z.string()).default([]) })) {}

const body = (metatype: unknown = NoteDto): ArgumentMetadata => ({ type: 'body', metatype: metatype as never, data: undefined });

function errorsOf(run: () => unknown): { path: string; message: string }[] {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidInputError);
    return (error as InvalidInputError).errors ?? [];
  }
  throw new Error('expected a refusal');
}

describe('textProblem', () => {
  it.each([
    ['a NUL', 'a\u0000b', 'control characters'],
    ['a bell', 'a\u0007b', 'control characters'],
    ['a lone high surrogate', 'a\ud800b', 'valid Unicode'],
    ['a lone low surrogate', 'a\udc00b', 'valid Unicode'],
    ['a right-to-left override', 'file\u202Etxt.exe', 'text-direction'],
    ['a left-to-right isolate', 'a\u2066b', 'text-direction'],
  ])('refuses %s', (_name, value, message) => {
    expect(textProblem(value)).toMatch(message);
  });

  it.each([
    ['tabs and new lines', 'a\tb\r\nc'],
    ['Arabic', 'خدمة الترجمة'],
    ['an emoji (a surrogate pair)', 'ok 👍'],
    ['right-to-left and left-to-right marks', 'a\u200Fb\u200E'],
    ['quotes and markup', `O'Brien <b>&amp;</b>`],
  ])('accepts %s', (_name, value) => {
    expect(textProblem(value)).toBeUndefined();
  });
});

describe('ValidationPipe', () => {
  const pipe = new ValidationPipe();

  it('names every string with a problem, nested ones and keys included', () => {
    expect(textFieldErrors({ a: 'ok', b: ['x', 'y\u0000'], c: { 'k\u202e': 'v' } })).toEqual([
      { path: 'b.1', message: expect.any(String) },
      { path: 'c.k\u202e', message: expect.any(String) },
    ]);
  });

  it('reports text problems and schema problems together in one 400', () => {
    const errors = errorsOf(() => pipe.transform({ title: 'far too long\u0000', tags: [1] }, body()));
    expect(errors.map((e) => e.path).sort()).toEqual(['tags.0', 'title']);
    expect(errors.find((e) => e.path === 'title')!.message).toMatch(/control characters/);
  });

  it('checks queries and path parameters (a parsed query has no prototype), but not buffers', () => {
    const query = Object.assign(Object.create(null) as object, { search: 'x\u0000' });
    expect(errorsOf(() => pipe.transform(query, { type: 'query', metatype: Object, data: undefined }))).toEqual([
      { path: 'search', message: expect.any(String) },
    ]);
    expect(errorsOf(() => pipe.transform('1\u202e', { type: 'param', metatype: String, data: 'id' }))).toEqual([
      { path: 'id', message: expect.any(String) },
    ]);
    const bytes = Buffer.from([0, 1, 2]);
    expect(pipe.transform(bytes, { type: 'body', metatype: Object, data: undefined })).toBe(bytes);
  });

  it('passes clean input through the DTO as before', () => {
    expect(pipe.transform({ title: 'Hi', extra: 1 }, body())).toEqual({ title: 'Hi', tags: [] });
  });
});
