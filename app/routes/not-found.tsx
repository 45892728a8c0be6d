import { data } from "react-router";

// Unknown paths render the root error boundary as a 404 in the site's look.
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
