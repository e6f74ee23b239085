// Views of the form and its inputs; inputs keep their value and report it to the form they sit in.
import type { JsonValue } from '@miniapps/host';
import { isDateInputType, parseStatePath, pathKey } from '@miniapps/schema';
import {
  type FormEvent,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useMessages } from '../../i18n/language.js';
import type { FormHandle } from '../action-env.js';
import { useBindingScope } from '../bindings.js';
import { FormContext, type FormScope, usePage, useRunActions } from '../context.js';
import { dateShown, nativeDateType } from './date-shown.js';
import type { ViewProps } from './view-props.js';

export function FormView(props: ViewProps<'form'>) {
  const page = usePage();
  const run = useRunActions();
  const element = useRef<HTMLFormElement>(null);
  const values = useRef(new Map<string, JsonValue>());
  const files = useRef(new Map<string, File[]>());
  const [sent, setSent] = useState<number | undefined>(undefined);
  const t = useMessages();
  const onSubmit = useRef(props.onSubmit);
  onSubmit.current = props.onSubmit;
  const collect = useRef(props.collect);
  collect.current = props.collect;
  const scope = useMemo<FormScope>(() => {
    const handle: FormHandle = {
      id: props.id,
      values: () => Object.fromEntries(values.current),
      validate: () => element.current?.reportValidity() ?? true,
      get onSubmit() {
        return onSubmit.current;
      },
      files: () => Object.fromEntries([...files.current].filter(([, chosen]) => chosen.length > 0)),
      progress: setSent,
      get collect() {
        const rules = collect.current;
        return rules && { name: rules.name, allowEdit: rules.allowEdit === true };
      },
    };
    return {
      handle,
      setValue: (name, value) => values.current.set(name, value),
      setFiles: (name, chosen) => files.current.set(name, chosen),
    };
  }, [props.id]);
  useEffect(() => {
    page.forms.set(props.id, scope.handle);
    return () => {
      if (page.forms.get(props.id) === scope.handle) page.forms.delete(props.id);
    };
  }, [page, props.id, scope]);

  // Enter in a field submits, as submitForm without a url would.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run([{ actionType: 'submitForm', formId: props.id }]);
  };
  return (
    <FormContext.Provider value={scope}>
      <form ref={element} className="ma-form ma-column" onSubmit={submit} data-form-id={props.id}>
        {props.children}
        {sent !== undefined && (
          <div className="ma-upload-progress">
            <progress
              max={1}
              value={sent}
              aria-label={t('file.sending', { percent: String(Math.round(sent * 100)) })}
            />
            <span>{t('file.sending', { percent: String(Math.round(sent * 100)) })}</span>
          </div>
        )}
      </form>
    </FormContext.Provider>
  );
}

/**
 * Keeps an input's value, reporting the first and every later value to the enclosing form. With `bind`
 * (`state.path`) the value lives in the page state: the input shows it and writes every change back.
 */
function useFieldValue<V extends JsonValue>(
  name: string,
  initial: V,
  bind: string | undefined,
  fits: (value: unknown) => value is V,
): [V, (next: V) => void] {
  const form = useContext(FormContext);
  const { state } = useBindingScope();
  const [own, setOwn] = useState(initial);
  const path = useMemo(() => (bind === undefined ? undefined : parseStatePath(bind)), [bind]);
  const subscribe = useCallback(
    (listener: () => void) => (path ? state.subscribe([pathKey(path)], listener) : () => {}),
    [state, path],
  );
  const read = () => (path ? state.get(path) : undefined);
  const bound = useSyncExternalStore(subscribe, read, read);
  const value = path && fits(bound) ? bound : own;
  const setValue = useCallback((next: V) => (path ? state.set(path, next) : setOwn(next)), [state, path]);
  useEffect(() => {
    form?.setValue(name, value);
  }, [form, name, value]);
  return [value, setValue];
}

const isText = (value: unknown): value is string => typeof value === 'string';
const isFlag = (value: unknown): value is boolean => typeof value === 'boolean';
const isChoice = (value: unknown): value is string | string[] =>
  typeof value === 'string' || (Array.isArray(value) && value.every(isText));

export function TextFieldView(props: ViewProps<'textField'>) {
  const id = useId();
  const [value, setValue] = useFieldValue<string>(props.name, props.value ?? '', props.bind, isText);
  const common = {
    id,
    name: props.name,
    value,
    placeholder: props.placeholder,
    required: props.required === true,
    maxLength: props.maxLength,
    className: 'ma-input',
    // A field without a visible label is still named for screen readers: by its hint, else its name.
    'aria-label': props.label === undefined ? (props.placeholder ?? props.name) : undefined,
  };
  const inputType = props.inputType ?? 'text';
  const t = useMessages();
  if (isDateInputType(inputType)) {
    const shown = dateShown(inputType, value, t('locale'));
    return (
      <div className="ma-field">
        {props.label !== undefined && <label htmlFor={id}>{props.label}</label>}
        <input
          {...common}
          type={nativeDateType[inputType]}
          min={props.min}
          max={props.max}
          aria-describedby={shown ? `${id}-shown` : undefined}
          onChange={(event) => setValue(event.target.value)}
        />
        {shown && (
          <output id={`${id}-shown`} htmlFor={id} className="ma-field-shown">
            {shown}
          </output>
        )}
      </div>
    );
  }
  return (
    <div className="ma-field">
      {props.label !== undefined && <label htmlFor={id}>{props.label}</label>}
      {inputType === 'multiline' ? (
        <textarea {...common} rows={4} onChange={(event) => setValue(event.target.value)} />
      ) : (
        <input {...common} type={inputType} onChange={(event) => setValue(event.target.value)} />
      )}
    </div>
  );
}

export function SelectView(props: ViewProps<'select'>) {
  const id = useId();
  const options = props.options ?? [];
  const multiple = props.multiple === true;
  const [value, setValue] = useFieldValue<string | string[]>(
    props.name,
    multiple ? [] : '',
    props.bind,
    isChoice,
  );
  return (
    <div className="ma-field">
      {props.label !== undefined && <label htmlFor={id}>{props.label}</label>}
      <select
        id={id}
        name={props.name}
        aria-label={props.label === undefined ? props.name : undefined}
        className="ma-input"
        multiple={multiple}
        required={props.required === true}
        value={value}
        onChange={(event) =>
          setValue(
            multiple
              ? Array.from(event.target.selectedOptions, (option) => option.value)
              : event.target.value,
          )
        }
      >
        {!multiple && <option value="">—</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function CheckboxView(props: ViewProps<'checkbox'>) {
  const [checked, setChecked] = useFieldValue<boolean>(
    props.name,
    props.checked === true,
    props.bind,
    isFlag,
  );
  return (
    <label className="ma-check">
      <input
        type="checkbox"
        name={props.name}
        checked={checked}
        onChange={(event) => setChecked(event.target.checked)}
      />
      <span>{props.label ?? props.name}</span>
    </label>
  );
}

export function SwitchView(props: ViewProps<'switch'>) {
  const run = useRunActions();
  const [on, setOn] = useFieldValue<boolean>(props.name, props.value === true, props.bind, isFlag);
  return (
    <label className="ma-check ma-switch">
      <input
        type="checkbox"
        role="switch"
        aria-checked={on}
        name={props.name}
        checked={on}
        onChange={(event) => {
          setOn(event.target.checked);
          run(props.onChange);
        }}
      />
      <span>{props.label ?? props.name}</span>
    </label>
  );
}
