import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { FluentProvider, webDarkTheme, webLightTheme } from '@fluentui/react-components';

/** 'system' follows the operating system's preference; the others are the user's choice, kept on this device. */
export type ThemeChoice = 'system' | 'light' | 'dark';

interface ThemeContextValue {
  choice: ThemeChoice;
  /** What is shown now. */
  dark: boolean;
  setChoice(choice: ThemeChoice): void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);
const STORAGE_KEY = 'console.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

function storedChoice(): ThemeChoice {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

function systemDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/** Fluent's web light or dark theme, following the system unless the user picked one. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [choice, setChoiceState] = useState<ThemeChoice>(storedChoice);
  const [prefersDark, setPrefersDark] = useState(systemDark);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(DARK_QUERY);
    const onChange = () => setPrefersDark(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const setChoice = useCallback((next: ThemeChoice) => {
    setChoiceState(next);
    try {
      if (next === 'system') window.localStorage.removeItem(STORAGE_KEY);
      else window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Private mode without storage: the choice lasts for this page.
    }
  }, []);

  const dark = choice === 'dark' || (choice === 'system' && prefersDark);
  useEffect(() => {
    // Native controls, scrollbars and third-party widgets (Leaflet, CKEditor) read the page's scheme.
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  }, [dark]);

  const value = useMemo(() => ({ choice, dark, setChoice }), [choice, dark, setChoice]);
  return (
    <ThemeContext.Provider value={value}>
      <FluentProvider theme={dark ? webDarkTheme : webLightTheme}>{children}</FluentProvider>
    </ThemeContext.Provider>
  );
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme() must be used inside <ThemeProvider>.');
  return value;
}
