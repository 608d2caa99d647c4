package fairslot.handler.http;

import java.util.List;

/** A page of any list: its items and the cursor of the next page, if any. */
public record ListView<T>(List<T> items, String nextCursor) {}
