from sim.console import main

main()
