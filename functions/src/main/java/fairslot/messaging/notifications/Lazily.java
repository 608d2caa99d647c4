package fairslot.messaging.notifications;

import java.util.function.Supplier;

/** A client made on first use and then kept (functions that never send never make it). */
final class Lazily<T> implements Supplier<T> {
  private final Supplier<T> make;
  private volatile T made;

  private Lazily(Supplier<T> make) {
    this.make = make;
  }

  static <T> Supplier<T> of(Supplier<T> make) {
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
