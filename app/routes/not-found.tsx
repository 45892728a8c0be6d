import { data } from "react-router";

// Unknown paths: a 404 that the public layout's error boundary shows in the site's look.
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
