// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { Field } from '@web/components/ui/field';
import { firstErrors, preloadCheck, useForm, type SchemaOrLoader } from '@web/lib/form';
import { toast } from '@web/lib/toast';

/** The one form pattern (web/src/lib/form.ts): messages per field, the focus on the first error, a busy send. */
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

// The schema names email before name, and email has two rules: the screen shows name first.
const schema = z.object({
  email: z.string().check(z.minLength(1, { error: 'Enter an email' }), z.regex(/@/, { error: 'An email has an @' })),
  name: z.string().check(z.trim(), z.minLength(1, { error: 'Enter a name' })),
});

interface ProfileProps {
  send: (data: z.infer<typeof schema>) => unknown;
  onFailure?: (failure: unknown) => void;
  /** The schema, or a loader of it (a screen that loads zod when its form is sent). */
  check?: SchemaOrLoader<z.infer<typeof schema>>;
}

function Profile({ send, onFailure, check = schema }: ProfileProps) {
  const form = useForm({ name: '', email: '' }, onFailure ? { onFailure } : {});
  return (
    <form onSubmit={form.handle(check, send)} noValidate>
      <Field label="Name" {...form.field('name')} />
      <Field label="Email" {...form.field('email')} />
      <button type="submit" disabled={form.busy}>
        Save
      </button>
    </form>
  );
}

const submit = () => fireEvent.submit(screen.getByRole('button', { name: 'Save' }).closest('form')!);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const messageOf = (label: string) => {
  const described = screen.getByLabelText(label).getAttribute('aria-describedby');
  return described ? document.getElementById(described)!.textContent : null;
};

describe('firstErrors', () => {
  it('keeps the first message of each field, and puts a message about the whole value under form', () => {
    const whole = z.object({ a: z.string(), b: z.string() }).check(z.refine((value) => value.a === value.b, { error: 'They differ' }));
    const parsed = z.object({ one: schema, two: z.string() }).safeParse({ one: {}, two: 2 });
    expect(parsed.success).toBe(false);
    expect(Object.keys(firstErrors(parsed.error!))).toEqual(['one', 'two']);
    expect(firstErrors(schema.safeParse({ email: 'no at', name: '' }).error!)).toEqual({
      email: 'An email has an @',
      name: 'Enter a name',
    });
    expect(firstErrors(whole.safeParse({ a: 'x', b: 'y' }).error!)).toEqual({ form: 'They differ' });
  });
});

describe('preloadCheck', () => {
  it('starts loading a schema, and takes its failure in (the form’s send reports it), so none goes unhandled', () => {
    const failed = Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    const taken = vi.spyOn(failed, 'catch');
    const load = vi.fn(() => failed);
    preloadCheck(load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(taken).toHaveBeenCalledTimes(1);
  });
});

describe('useForm', () => {
  it('shows the first message of each field in error, sends nothing, and focuses the first field in screen order', () => {
    const send = vi.fn();
    render(<Profile send={send} />);
    submit();
    expect(messageOf('Name')).toBe('Enter a name');
    expect(messageOf('Email')).toBe('Enter an email');
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(send).not.toHaveBeenCalled();
  });

  it('focuses the first field still in error, and clears a field’s message when it changes', () => {
    render(<Profile send={vi.fn()} />);
    submit();
    type('Name', 'Asha');
    expect(messageOf('Name')).toBeNull();
    expect(messageOf('Email')).toBe('Enter an email');
    type('Email', 'asha');
    expect(messageOf('Email')).toBeNull();
    submit();
    expect(messageOf('Email')).toBe('An email has an @');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });

  it('sends the parsed values once while busy, then is ready again', async () => {
    let finish = () => {};
    const send = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Profile send={send} />);
    type('Name', '  Asha Rao ');
    type('Email', 'asha@college.test');
    submit();
    await act(async () => {});
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
    submit(); // a second press while sending
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ name: 'Asha Rao', email: 'asha@college.test' });
    await act(async () => finish());
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(false);
  });

  it('hands a failed send to onFailure, or by default shows its message in an error toast', async () => {
    const failure = new Error('A user with this email already exists');
    const onFailure = vi.fn();
    render(<Profile send={() => Promise.reject(failure)} onFailure={onFailure} />);
    type('Name', 'Asha');
    type('Email', 'asha@college.test');
    await act(async () => submit());
    expect(onFailure).toHaveBeenCalledWith(failure);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(false);
    cleanup();

    const shown = vi.spyOn(toast, 'error');
    render(<Profile send={() => Promise.reject(failure)} />);
    type('Name', 'Asha');
    type('Email', 'asha@college.test');
    await act(async () => submit());
    expect(shown).toHaveBeenCalledWith('A user with this email already exists');
  });
  it('checks with a schema loaded when the form is sent, as with one given', async () => {
    const send = vi.fn();
    const load = vi.fn(() => Promise.resolve(schema));
    render(<Profile send={send} check={load} />);
    expect(load).not.toHaveBeenCalled();
    await act(async () => submit());
    expect(messageOf('Name')).toBe('Enter a name');
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    type('Name', 'Asha');
    type('Email', 'asha@college.test');
    await act(async () => submit());
    expect(send).toHaveBeenCalledWith({ name: 'Asha', email: 'asha@college.test' });
  });

  it('hands a schema that fails to load (offline, a missing chunk) to onFailure, and sends nothing', async () => {
    const send = vi.fn();
    const onFailure = vi.fn();
    const failure = new TypeError('Failed to fetch dynamically imported module');
    render(<Profile send={send} onFailure={onFailure} check={() => Promise.reject(failure)} />);
    type('Name', 'Asha');
    type('Email', 'asha@college.test');
    await act(async () => submit());
    expect(onFailure).toHaveBeenCalledWith(failure);
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(false);
  });
});
