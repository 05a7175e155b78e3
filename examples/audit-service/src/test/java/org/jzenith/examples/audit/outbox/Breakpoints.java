package org.jzenith.examples.audit.outbox;

import com.sun.jdi.AbsentInformationException;
import com.sun.jdi.ArrayReference;
import com.sun.jdi.Bootstrap;
import com.sun.jdi.ClassNotLoadedException;
import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.InvalidTypeException;
import com.sun.jdi.InvocationException;
import com.sun.jdi.LocalVariable;
import com.sun.jdi.LongValue;
import com.sun.jdi.Method;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.StackFrame;
import com.sun.jdi.StringReference;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.VMDisconnectedException;
import com.sun.jdi.Value;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.connect.AttachingConnector;
import com.sun.jdi.connect.Connector;
import com.sun.jdi.connect.IllegalConnectorArgumentsException;
import com.sun.jdi.event.BreakpointEvent;
import com.sun.jdi.event.ClassPrepareEvent;
import com.sun.jdi.event.Event;
import com.sun.jdi.event.EventSet;
import com.sun.jdi.event.VMDeathEvent;
import com.sun.jdi.event.VMDisconnectEvent;
import com.sun.jdi.request.ClassPrepareRequest;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.EventRequestManager;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * A debugger, through the JDK's own JDI, attached to a JVM started with {@code
 * -agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:PORT}: it stops the first
 * thread that enters a method and passes a filter, and leaves that thread suspended there, so that a
 * test can SIGKILL the process at exactly that point of the code. The code under test knows nothing
 * of it: no hook, no flag.
 *
 * <pre>{@code
 * try (Breakpoints debugger = Breakpoints.attach(port, Duration.ofSeconds(30))) {
 *     Breakpoints.Hit hit = debugger.awaitEntry("com.example.Store", "markSent",
 *             h -> h.calledFrom("com.example.Relay", "run"), Duration.ofSeconds(30));
 *     List<ObjectReference> ids = hit.elements(hit.argument(0));   // read while it is suspended
 *     process.destroyForcibly();                                    // SIGKILL: markSent never runs
 * }
 * }</pre>
 *
 * <p>Values are read only while the thread is suspended, before the kill. Not thread-safe: one test
 * thread drives it.
 */
final class Breakpoints implements AutoCloseable {

    private final VirtualMachine vm;

    private Breakpoints(final VirtualMachine vm) {
        this.vm = vm;
    }

    /** Attaches to the JDWP agent listening on {@code 127.0.0.1:port}, trying until {@code within} passed. */
    static Breakpoints attach(final int port, final Duration within) {
        final AttachingConnector connector = Bootstrap.virtualMachineManager().attachingConnectors().stream()
                .filter(candidate -> candidate.name().equals("com.sun.jdi.SocketAttach"))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("this JDK has no socket attaching connector"));
        final Map<String, Connector.Argument> arguments = connector.defaultArguments();
        arguments.get("hostname").setValue("127.0.0.1");
        arguments.get("port").setValue(Integer.toString(port));
        final long deadline = System.nanoTime() + within.toNanos();
        while (true) {
            try {
                return new Breakpoints(connector.attach(arguments));
            } catch (final IOException e) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("no JDWP agent answered on 127.0.0.1:" + port, e);
                }
                UserServiceProcess.sleep(100);
            } catch (final IllegalConnectorArgumentsException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /**
     * Waits for a thread to enter a method named {@code method} of class {@code className} (set on
     * its first line, before any of its code ran) and to pass {@code when}; returns that thread
     * suspended there. Threads that enter it and fail {@code when} go on at once. Fails when none
     * came within {@code within}: a test that arms a breakpoint must see it hit.
     */
    Hit awaitEntry(final String className, final String method, final Predicate<Hit> when, final Duration within) {
        final EventRequestManager requests = vm.eventRequestManager();
        final List<EventRequest> armed = new ArrayList<>();
        // Classes loaded later get the breakpoint as they are prepared.
        final ClassPrepareRequest prepare = requests.createClassPrepareRequest();
        prepare.addClassFilter(className);
        prepare.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
        prepare.enable();
        armed.add(prepare);
        for (final ReferenceType type : vm.classesByName(className)) {
            final List<EventRequest> breakpoints = arm(type, method);
            if (breakpoints.isEmpty()) {
                throw new IllegalArgumentException(className + " has no method " + method + " with code");
            }
            armed.addAll(breakpoints);
        }
        final long deadline = System.nanoTime() + within.toNanos();
        int passedBy = 0;
        try {
            while (true) {
                final long left = Math.max(1, (deadline - System.nanoTime()) / 1_000_000);
                final EventSet events = vm.eventQueue().remove(left);
                if (events == null) {
                    throw new AssertionError("no thread entered " + className + "." + method
                            + " and passed the filter within " + within + " (" + passedBy + " passed by)");
                }
                Optional<Hit> hit = Optional.empty();
                for (final Event event : events) {
                    switch (event) {
                        case BreakpointEvent entered -> {
                            final Hit candidate = new Hit(entered.thread(), passedBy);
                            if (when.test(candidate)) {
                                hit = Optional.of(candidate);
                            } else {
                                passedBy++;
                            }
                        }
                        case ClassPrepareEvent prepared -> armed.addAll(arm(prepared.referenceType(), method));
                        case VMDeathEvent died -> throw new AssertionError("the debugged JVM ended");
                        case VMDisconnectEvent gone -> throw new AssertionError("the debugged JVM went away");
                        default -> {}
                    }
                }
                if (hit.isPresent()) {
                    // The hit's thread stays suspended; no other thread stops here any more.
                    requests.deleteEventRequests(armed);
                    return hit.get();
                }
                events.resume();
            }
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private List<EventRequest> arm(final ReferenceType type, final String method) {
        final List<EventRequest> armed = new ArrayList<>();
        for (final Method candidate : type.methodsByName(method)) {
            if (candidate.location() != null) {
                final EventRequest breakpoint = vm.eventRequestManager().createBreakpointRequest(candidate.location());
                breakpoint.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
                breakpoint.enable();
                armed.add(breakpoint);
            }
        }
        return armed;
    }

    /** Lets the debugged JVM go on, if it still runs; a killed one is gone already. */
    @Override
    public void close() {
        try {
            vm.dispose();
        } catch (final VMDisconnectedException e) {
            // Killed: nothing to let go.
        }
    }

    /**
     * A thread suspended at a breakpoint. Its frames are read anew at each call: calling a method
     * in it ({@link #elements}) lets it run for that call, which makes earlier frames invalid.
     *
     * @param thread the suspended thread
     * @param passedBy how many threads entered the method before it and failed the filter
     */
    record Hit(ThreadReference thread, int passedBy) {

        /** Its stack, innermost first. */
        List<StackFrame> frames() {
            try {
                return thread.frames();
            } catch (final IncompatibleThreadStateException e) {
                throw new IllegalStateException("the thread is not suspended", e);
            }
        }

        /** The innermost frame of a method of {@code className} whose name starts with {@code methodPrefix}. */
        Optional<StackFrame> frame(final String className, final String methodPrefix) {
            return frames().stream()
                    .filter(frame -> frame.location().declaringType().name().equals(className)
                            && frame.location().method().name().startsWith(methodPrefix))
                    .findFirst();
        }

        /** Whether a method of {@code className} named {@code methodPrefix}... is on its stack. */
        boolean calledFrom(final String className, final String methodPrefix) {
            return frame(className, methodPrefix).isPresent();
        }

        /**
         * The argument of type {@code type} of the innermost frame of a method of {@code className}
         * whose name starts with {@code methodPrefix}; arguments are known without debug information.
         */
        Value argument(final String className, final String methodPrefix, final Class<?> type) {
            final StackFrame frame = frame(className, methodPrefix)
                    .orElseThrow(() -> new IllegalStateException(
                            "no frame of " + className + "." + methodPrefix + "... in " + describe(20)));
            return frame.getArgumentValues().stream()
                    .filter(value -> value != null && value.type().name().equals(type.getName()))
                    .findFirst()
                    .orElseThrow(() -> new IllegalStateException("no argument of type " + type.getName() + " in "
                            + className + "." + frame.location().method().name()));
        }

        /**
         * The local variable {@code name} of the innermost frame of a method of {@code className} whose
         * name starts with {@code methodPrefix} (the classes are compiled with their local variables).
         */
        Value local(final String className, final String methodPrefix, final String name) {
            final StackFrame frame = frame(className, methodPrefix)
                    .orElseThrow(() -> new IllegalStateException(
                            "no frame of " + className + "." + methodPrefix + "... in " + describe(20)));
            try {
                final LocalVariable variable = frame.visibleVariableByName(name);
                if (variable == null) {
                    throw new IllegalStateException("no local variable " + name + " in " + describe(frame));
                }
                return frame.getValue(variable);
            } catch (final AbsentInformationException e) {
                throw new IllegalStateException(className + " was compiled without its local variables", e);
            }
        }

        /** The object whose method of {@code className} named {@code methodPrefix}... is on its stack. */
        ObjectReference thisObject(final String className, final String methodPrefix) {
            return frame(className, methodPrefix)
                    .orElseThrow(() -> new IllegalStateException(
                            "no frame of " + className + "." + methodPrefix + "... in " + describe(20)))
                    .thisObject();
        }

        /** The {@code index}th argument of the method it stopped in. */
        Value argument(final int index) {
            return frames().getFirst().getArgumentValues().get(index);
        }

        /** The thread's name and its innermost {@code depth} frames, for a log line. */
        String describe(final int depth) {
            return thread.name() + " at "
                    + frames().stream().limit(depth).map(Hit::describe).collect(Collectors.joining(" <- "));
        }

        /** A frame as a stack trace shows it: class, method, file and line. */
        static String describe(final StackFrame frame) {
            final String method = frame.location().declaringType().name() + "."
                    + frame.location().method().name();
            try {
                return method + "(" + frame.location().sourceName() + ":"
                        + frame.location().lineNumber() + ")";
            } catch (final AbsentInformationException e) {
                return method;
            }
        }

        /**
         * The elements of a collection in the suspended JVM, through its {@code toArray()}, called on
         * this thread alone (the others stay as they are).
         */
        List<Value> elements(final Value collection) {
            final ObjectReference object = (ObjectReference) collection;
            final Method toArray = object.referenceType()
                    .methodsByName("toArray", "()[Ljava/lang/Object;")
                    .getFirst();
            try {
                final ArrayReference array = (ArrayReference)
                        object.invokeMethod(thread, toArray, List.of(), ObjectReference.INVOKE_SINGLE_THREADED);
                return array.getValues();
            } catch (final InvocationException
                    | InvalidTypeException
                    | ClassNotLoadedException
                    | IncompatibleThreadStateException e) {
                throw new IllegalStateException("cannot read the collection in the debugged JVM", e);
            }
        }
    }

    /** The field {@code name} of {@code object} in the suspended JVM. */
    static Value field(final Value object, final String name) {
        final ObjectReference reference = (ObjectReference) object;
        return reference.getValue(reference.referenceType().fieldByName(name));
    }

    /** A {@code long} or {@code Long} of the suspended JVM. */
    static long longValue(final Value value) {
        return value instanceof LongValue primitive ? primitive.value() : longValue(field(value, "value"));
    }

    /** A {@code String} of the suspended JVM. */
    static String string(final Value value) {
        return ((StringReference) value).value();
    }

    /** A {@code UUID} of the suspended JVM, from its two halves. */
    static UUID uuid(final Value value) {
        return new UUID(longValue(field(value, "mostSigBits")), longValue(field(value, "leastSigBits")));
    }
}
