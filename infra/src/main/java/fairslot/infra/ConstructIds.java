package fairslot.infra;

/** The ids the stack gives its constructs, from the definitions' names and handler classes. */
final class ConstructIds {
  private ConstructIds() {}

  /** A consumer function's id: its handler's simple class name (FunctionAccess rows use it). */
  static String functionId(String handlerClass) {
    return handlerClass.substring(handlerClass.lastIndexOf('.') + 1);
  }

  static String pascal(String name) {
    StringBuilder out = new StringBuilder();
    for (String part : name.split("[-_.]")) {
      if (!part.isEmpty()) {
        out.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
      }
    }
    return out.toString();
  }
}
