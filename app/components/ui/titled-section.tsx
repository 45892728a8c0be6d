import { useId } from "react";

/** A section named by its heading, so that screen readers list it by that name. */
export function TitledSection({
  title,
  titleClassName,
  children,
  ...props
}: Omit<React.ComponentProps<"section">, "title"> & { title: React.ReactNode; titleClassName: string }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} {...props}>
      <h2 id={titleId} className={titleClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
