import {
  Cell as RACCell,
  Column as RACColumn,
  Row as RACRow,
  Table as RACTable,
  TableBody as RACTableBody,
  TableHeader as RACTableHeader,
  type CellProps,
  type ColumnProps,
  type RowProps,
  type TableBodyProps,
  type TableHeaderProps,
  type TableProps,
} from 'react-aria-components';
import * as styles from './table.css.ts';

type Unstyled<T> = Omit<T, 'className' | 'style'>;

/** A data table (react-aria grid): arrow keys move between cells. Needs an aria-label or aria-labelledby. */
export function Table(props: Unstyled<TableProps>) {
  return (
    <div className={styles.wrapper}>
      <RACTable {...props} className={styles.table} />
    </div>
  );
}
export function TableHeader<T extends object>(props: Unstyled<TableHeaderProps<T>>) {
  return <RACTableHeader {...props} />;
}
export function Column(props: Unstyled<ColumnProps>) {
  return <RACColumn {...props} className={styles.column} />;
}
export function TableBody<T extends object>(props: Unstyled<TableBodyProps<T>>) {
  return <RACTableBody {...props} />;
}
export function Row<T extends object>(props: Unstyled<RowProps<T>>) {
  return <RACRow {...props} className={styles.row} />;
}
export function Cell(props: Unstyled<CellProps>) {
  return <RACCell {...props} className={styles.cell} />;
}
