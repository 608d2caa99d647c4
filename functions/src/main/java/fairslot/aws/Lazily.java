package fairslot.aws;

import java.util.function.Supplier;

/**
 * A client made on first use and then kept: a function that never sends an e-mail, an event or a
 * queue message never loads that client's classes (cold start, docs/performance.md).
 */
public final class Lazily<T> implements Supplier<T> {
  private final Supplier<T> make;
  private volatile T made;

  private Lazily(Supplier<T> make) {
    this.make = make;
  }

  public static <T> Supplier<T> of(Supplier<T> make) {
    return new Lazily<>(make);
  }

  @Override
  public T get() {
    T t = made;
    if (t == null) {
      synchronized (this) {
        if (made == null) {
          made = make.get();
        }
        t = made;
      }
    }
    return t;
  }
}
