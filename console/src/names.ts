import { api } from "./api";
import { usePoll } from "./poll";

/** The venue's resources by id, read once a minute: slots show a court's name, not its id. */
export function useNames(venueId: string): (resourceId: string) => string {
  const listed = usePoll(() => api.resources(venueId), 60000, [venueId]);
  const names = new Map((listed.value?.items ?? []).map((r) => [r.resourceId, r.name]));
  return (id) => names.get(id) ?? id.slice(0, 8);
}
