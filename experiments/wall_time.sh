# Sourced by every experiments/*/run.sh before it changes directory:
#     . "$(dirname "$0")/../wall_time.sh"
# When the script exits successfully, its wall time, date, commit, core count
# and load average go to wall_time.json beside its report
# (experiments/record_wall_time.py); a failed or interrupted run records nothing.
_wall_time_dir=$(cd "$(dirname "$0")" && pwd)
_wall_time_start=$(date +%s)
_wall_time_command="bash $(basename "$(dirname "$_wall_time_dir")")/$(basename "$_wall_time_dir")/$(basename "$0")${*:+ $*}"
# The settings the run.sh scripts read from the environment, as they were given.
for _wall_time_var in OUT LUFT_FIELD UNTIL SPEED_GAMES LU_GENERATIONS LU_GAMES GENERATIONS GAMES ROBUST SIZE; do
  eval "_wall_time_value=\${$_wall_time_var:-}"
  [ -n "$_wall_time_value" ] && _wall_time_command="$_wall_time_var=$_wall_time_value $_wall_time_command"
done
_wall_time_record() {
  _wall_time_status=$?
  if [ "$_wall_time_status" -eq 0 ]; then
    python3 "$_wall_time_dir/../record_wall_time.py" "$_wall_time_dir" "$_wall_time_start" "$_wall_time_command"
  fi
  return "$_wall_time_status"
}
trap _wall_time_record EXIT
# A signal ends the run with its own status, so the EXIT trap records nothing.
trap 'exit 130' INT
trap 'exit 143' TERM
