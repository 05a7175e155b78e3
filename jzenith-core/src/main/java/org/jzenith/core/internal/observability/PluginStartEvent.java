package org.jzenith.core.internal.observability;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** One plugin's start, for Flight Recorder: which plugin, in which phase, and how long it took. */
@Name(PluginStartEvent.NAME)
@Label("jZenith Plugin Start")
@Category({"jZenith", "Lifecycle"})
@Description("A plugin of a jZenith application started")
@StackTrace(false)
public final class PluginStartEvent extends jdk.jfr.Event {

    public static final String NAME = "jzenith.PluginStart";

    @Label("Plugin")
    public String plugin;

    @Label("Phase")
    public String phase;
}
