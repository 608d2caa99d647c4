package fairslot.handler.http;

/** A page of any list: its items and the cursor of the next page, if any. */
public record ListView<T>(java.util.List<T> items, String nextCursor) {}
