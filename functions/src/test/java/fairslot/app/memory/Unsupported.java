package fairslot.app.memory;

import java.lang.reflect.Proxy;

/** A port a test's path must never reach: any call fails loudly instead of returning null. */
public final class Unsupported {
  private Unsupported() {}

  public static <T> T of(Class<T> port) {
    return port.cast(
        Proxy.newProxyInstance(
            port.getClassLoader(),
            new Class<?>[] {port},
            (proxy, method, args) -> {
              if (method.getName().equals("toString")) {
                return "Unsupported " + port.getSimpleName();
              }
              throw new UnsupportedOperationException(
                  port.getSimpleName() + "." + method.getName() + " is not expected here");
            }));
  }
}
