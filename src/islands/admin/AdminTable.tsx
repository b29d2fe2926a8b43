import { useId, type ReactNode } from 'react';

interface AdminTableProps {
  /** Read by screen readers as the table's name (the screen's title). */
  caption: string;
  columns: readonly string[];
  /** The width under which the table scrolls sideways in its card (a literal Tailwind class). */
  minWidthClass: string;
  testId: string;
  children: ReactNode;
}

/**
 * A wide back-office table (leads, campaign report): a captioned <table> with a teal header row,
 * in a card that scrolls sideways on narrow screens and can be scrolled from the keyboard.
 */
export function AdminTable({ caption, columns, minWidthClass, testId, children }: AdminTableProps) {
  const uid = useId();
  return (
    <div
      className="card overflow-x-auto"
      role="region"
      aria-labelledby={`${uid}-caption`}
      tabIndex={0}
    >
      <table
        className={`w-full ${minWidthClass} border-collapse text-start text-sm`}
        data-testid={testId}
      >
        <caption id={`${uid}-caption`} className="sr-only">
          {caption}
        </caption>
        <thead>
          <tr className="bg-teal-900 text-white">
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 text-start font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
