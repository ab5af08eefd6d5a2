"""Effect ops by family, the trigger task and the effect interpreter (`run`)."""
