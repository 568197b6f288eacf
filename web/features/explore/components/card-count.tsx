import classes from "./explore.module.css";

/** One fact of a card, such as "3 reviews" or "1 follower": the count, then its word. */
export function CardCount({ value, one, many }: { value: number; one: string; many: string }) {
  return (
    <li>
      <span className={classes.factValue}>{value.toLocaleString("en-US")}</span>{" "}
      {value === 1 ? one : many}
    </li>
  );
}
