import { api } from "./api";
import { usePoll } from "./poll";

export type Named = { resourceId: string; name: string };

/** The venue's resources, read once a minute. */
export function useResources(venueId: string): Named[] {
  const listed = usePoll(() => api.resources(venueId), 60000, [venueId]);
  return listed.value?.items ?? [];
}

/** The venue's resources by id: slots show a court's name, not its id. */
export function useNames(venueId: string): (resourceId: string) => string {
  const names = new Map(useResources(venueId).map((r) => [r.resourceId, r.name]));
  return (id) => names.get(id) ?? id.slice(0, 8);
}
