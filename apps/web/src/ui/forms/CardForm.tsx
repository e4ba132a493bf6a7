import type { FormEvent, ReactNode } from 'react';
import { Button } from '../Button';
import { Card } from '../Card';
import { Form } from './Form';

/**
 * A card that is one form, named after the card's title: its fields in two columns from the small
 * breakpoint, then the submit button on a row of its own.
 */
export function CardForm({
  title,
  description,
  onSubmit,
  submitLabel,
  pending,
  children,
}: {
  title: string;
  description: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  submitLabel: ReactNode;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <Card title={title} description={description}>
      <Form
        onSubmit={onSubmit}
        aria-label={title}
        className="grid gap-4 sm:grid-cols-2 sm:items-start"
      >
        {children}
        <div className="sm:col-span-2">
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
