package fairslot.aws;

import fairslot.kernel.Unavailable;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

/**
 * Wraps an SDK client so that a failure {@link AwsRetries} calls transient leaves it as {@link
 * Unavailable}, one type the services, jobs, consumers and HTTP entry point all understand.
 * Paginators are served through the wrapper too, so every page's call is covered.
 */
public final class Resilient {
  private Resilient() {}

  public static <T> T wrap(Class<T> api, T client) {
    if (Proxy.isProxyClass(client.getClass())) {
      return client;
    }
    InvocationHandler handler =
        (proxy, method, args) -> {
          if (method.isDefault() && method.getName().endsWith("Paginator")) {
            // The SDK's paginators are default methods that call the client they are given: give
            // them this one.
            return InvocationHandler.invokeDefault(proxy, method, args);
          }
          return call(client, method, args);
        };
    return api.cast(Proxy.newProxyInstance(api.getClassLoader(), new Class<?>[] {api}, handler));
  }

  private static Object call(Object client, Method method, Object[] args) throws Throwable {
    try {
      return method.invoke(client, args);
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      if (AwsRetries.isTransient(cause)) {
        throw new Unavailable(
            method.getName()
                + " failed after "
                + AwsRetries.MAX_ATTEMPTS
                + " attempts: "
                + cause.getMessage(),
            cause);
      }
      throw cause;
    }
  }
}
