import { Text } from "@mantine/core";
import { type ReactNode, useId } from "react";
import classes from "./choice-radios.module.css";

export interface RadioChoice {
  value: number;
  /** Big text on the button ("4", "$$"). */
  label: ReactNode;
  /** Small text under it ("Moderate"). */
  caption?: string;
  /** Accessible name when the visible label alone is not clear ("4 stars"). */
  ariaLabel?: string;
}

interface ChoiceRadiosProps {
  legend: string;
  required?: boolean;
  choices: RadioChoice[];
  value: number | null;
  onChange: (value: number) => void;
  error?: string | undefined;
  disabled?: boolean;
  /** Extra control beside the legend (e.g. Clear). */
  aside?: ReactNode;
}

/**
 * A row of buttons that is a real radio group (native radios, so arrow keys, labels and
 * screen readers work as they should): the 1-5 rating and the price range.
 */
export function ChoiceRadios({
  legend,
  required = false,
  choices,
  value,
  onChange,
  error,
  disabled = false,
  aside,
}: ChoiceRadiosProps) {
  const name = useId();
  const errorId = useId();
  return (
    <fieldset
      className={classes.fieldset}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      disabled={disabled}
    >
      <legend className={classes.legend}>
        {legend}
        {required && (
          <span className={classes.asterisk} aria-hidden>
            {" "}
            *
          </span>
        )}
      </legend>
      {aside && <div className={classes.aside}>{aside}</div>}
      <div className={classes.choices}>
        {choices.map((choice) => (
          <label key={choice.value} className={classes.choice}>
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              className={classes.input}
              aria-label={choice.ariaLabel}
              required={required}
              aria-invalid={error ? true : undefined}
            />
            <span className={classes.face}>
              <span className={classes.label}>{choice.label}</span>
              {choice.caption && <span className={classes.caption}>{choice.caption}</span>}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <Text id={errorId} size="xs" c="red" mt={6}>
          {error}
        </Text>
      )}
    </fieldset>
  );
}
