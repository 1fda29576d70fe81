import { BehaviorSubject, type Observable } from 'rxjs';

/** The spec's UI flag `theme.isDark`: light by default, kept in local storage. */
export const THEME_STORAGE_KEY = 'theme';
const DARK_CLASS = 'bp6-dark';

function storedIsDark(storage: Storage): boolean {
  try {
    return storage.getItem(THEME_STORAGE_KEY) === 'dark';
  } catch {
    return false;
  }
}

/** Applies the flag to the document (Blueprint's dark classes on <body>) and remembers it. */
export class ThemeStore {
  private readonly subject: BehaviorSubject<boolean>;
  readonly isDark$: Observable<boolean>;

  constructor(
    private readonly storage: Storage = window.localStorage,
    private readonly body: HTMLElement = document.body,
  ) {
    this.subject = new BehaviorSubject(storedIsDark(storage));
    this.isDark$ = this.subject.asObservable();
    this.apply(this.subject.value);
  }

  get isDark(): boolean {
    return this.subject.value;
  }

  setDark(isDark: boolean): void {
    try {
      this.storage.setItem(THEME_STORAGE_KEY, isDark ? 'dark' : 'light');
    } catch {
      // storage may be unavailable (private mode): the flag still applies to this page
    }
    this.apply(isDark);
    this.subject.next(isDark);
  }

  private apply(isDark: boolean) {
    this.body.classList.toggle(DARK_CLASS, isDark);
    this.body.classList.toggle('halo-dark', isDark);
  }
}

let shared: ThemeStore | null = null;
/** The page's one theme store, created on first use. */
export function themeStore(): ThemeStore {
  shared ??= new ThemeStore();
  return shared;
}
