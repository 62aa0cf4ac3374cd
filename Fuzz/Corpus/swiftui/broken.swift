struct Broken: View { var body: some View { VStack { Text( } }
