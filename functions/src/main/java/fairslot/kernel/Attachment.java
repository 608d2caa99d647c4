package fairslot.kernel;

/** A file sent with an e-mail (a booking's calendar entry): its name, type and text. */
public record Attachment(String filename, String contentType, String content) {}
