package fairslot.app;

/** What one run of a scheduled job did: items found due, items changed, items its queries read. */
public record JobReport(String job, int due, int changed, int itemsRead) {}
