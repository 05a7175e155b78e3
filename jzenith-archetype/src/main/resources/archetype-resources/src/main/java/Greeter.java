package ${package};

/** Makes greetings; bound to its implementation in {@link GreetingModule}. */
public interface Greeter {

    String greet(String name);
}
