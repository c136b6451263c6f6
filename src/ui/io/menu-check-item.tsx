type Props = {
  checked: boolean;
  onToggle: () => void;
  children: string;
};

/**
 * A menu's on/off item (role menuitemcheckbox): the menu's keys move through it like any item (menu-keys.ts), and
 * the drawn box says its state to sighted people while aria-checked says it to everyone else.
 */
export function MenuCheckItem({ checked, onToggle, children }: Props) {
  return (
    <button
      type="button"
      role="menuitemcheckbox"
      tabIndex={-1}
      aria-checked={checked}
      className="io-check"
      onClick={onToggle}
    >
      <span aria-hidden="true">{checked ? '☑' : '☐'}</span> {children}
    </button>
  );
}
